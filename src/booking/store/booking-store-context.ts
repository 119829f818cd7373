import { useStore } from "zustand";
import { useWidget } from "../../kernel/widget-context.ts";
import type { BookingState, BookingStore } from "./booking-store.ts";

/**
 * The element's booking store travels with its services (app/WidgetProviders creates
 * both, typed with this). The kernel does not know the booking, so it imports nothing above it.
 */
export interface BookingServices {
  /** The element's booking: stepper, customer and prefill (booking/store/). */
  store: BookingStore;
}

/** The store itself, for actions and for code that reads it outside rendering. */
export function useBookingStoreApi(): BookingStore {
  return useWidget<BookingServices>().store;
}

/** A part of the booking state; the component renders again when it changes. */
export function useBookingStore<T>(selector: (state: BookingState) => T): T {
  return useStore(useWidget<BookingServices>().store, selector);
}
