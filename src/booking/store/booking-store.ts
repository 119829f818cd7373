import { type StoreApi, createStore } from "zustand/vanilla";
import type { PrefillAttributes } from "../prefill/prefill-attributes.ts";
import { type CustomerData, type CustomerSlice, createCustomerSlice } from "./customer-slice.ts";
import { type PrefillSlice, createPrefillSlice } from "./prefill-slice.ts";
import { type StepperData, type StepperSlice, createStepperSlice } from "./stepper-slice.ts";

export type { BookedAppointment } from "./stepper-slice.ts";

/** The stepper's data: what a payment round trip or a reload saves and restores. */
export type BookingData = StepperData & CustomerData;

/**
 * One element's booking: the stepper, who is booking, and the page's prefill, as
 * zustand slices (each action may move state of another slice: saving the customer
 * moves the stepper on).
 */
export interface BookingState extends StepperSlice, CustomerSlice, PrefillSlice {
  /** A saved stepper (after a payment round trip, a reload) comes back. */
  restore(data: Partial<BookingData>): void;
}

/** One store per widget element: two widgets on a page never share a stepper. */
export function createBookingStore(prefill: PrefillAttributes = {}) {
  return createStore<BookingState>()((set) => ({
    ...createStepperSlice(set),
    ...createCustomerSlice(set),
    ...createPrefillSlice(prefill)(set),
    restore: (data) => set(data),
  }));
}

export type BookingStore = ReturnType<typeof createBookingStore>;

/** What a slice's actions write with: any part of the whole booking state. */
export type SetBookingState = StoreApi<BookingState>["setState"];
