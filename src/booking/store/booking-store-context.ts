import { useStore } from "zustand";
import { useWidget } from "../../kernel/widget-context.ts";
import type { BookingState, BookingStore } from "./booking-store.ts";

// The element's booking store travels with its services (app/WidgetProviders creates
// both). The kernel does not know the booking: this feature adds its store to the
// kernel's WidgetServices by declaration merging, so the kernel imports nothing above it.
declare module "../../kernel/widget-context.ts" {
  interface WidgetServices {
    /** The element's booking: stepper, customer and prefill (booking/store/). */
    store: BookingStore;
  }
}

/** The store itself, for actions and for code that reads it outside rendering. */
export function useBookingStoreApi(): BookingStore {
  return useWidget().store;
}

/** A part of the booking state; the component renders again when it changes. */
export function useBookingStore<T>(selector: (state: BookingState) => T): T {
  return useStore(useWidget().store, selector);
}
