import { createStore } from "zustand/vanilla";
import type { PrefillAttributes } from "./prefill-attributes.ts";
import type { BookingData } from "./booking-data.ts";
import { type CustomerSlice, createCustomerSlice } from "./customer-slice.ts";
import { type PrefillSlice, createPrefillSlice } from "./prefill-slice.ts";
import { type StepperSlice, createStepperSlice } from "./stepper-slice.ts";

export type { BookedAppointment, BookingData } from "./booking-data.ts";

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
