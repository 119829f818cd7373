import { createStore } from "zustand/vanilla";
import type { AvailableHour, ServiceBookingSelection } from "../api/schemas/index.ts";
import type { BookingFormValues } from "../validation/booking-form.ts";
import { previousStep } from "./steps.ts";

export interface BookingState {
  /** 1-based stepper position. */
  step: number;
  selectedServices: ServiceBookingSelection[];
  selectedStaffId: number | null;
  /** The day shown in the time step (YYYY-MM-DD, provider's zone); null until chosen. */
  selectedDate: string | null;
  selectedHour: AvailableHour | null;
  /** The customer's details from the information step, kept when going back and forth. */
  customer: BookingFormValues | null;
  /** The provider was (re)loaded: back to step 1, staff choice cleared. */
  providerLoaded(): void;
  /** A single service chosen (no multipleServices): it is the selection, and the stepper moves on. */
  chooseService(selection: ServiceBookingSelection): void;
  /** A staff member (or null: anyone) chosen in the staff step; the stepper moves on. */
  chooseStaff(staffId: number | null): void;
  chooseDate(isoDate: string): void;
  /** An hour chosen in the time step; the stepper moves on to the customer's information. */
  chooseHour(hour: AvailableHour): void;
  /** The information step's form passed: keep it and move on to confirm. */
  saveCustomer(values: BookingFormValues): void;
  goToStep(step: number): void;
  back(): void;
}

const noTime = { selectedDate: null, selectedHour: null };

/** One store per widget element: two widgets on a page never share a stepper. */
export function createBookingStore() {
  return createStore<BookingState>()((set) => ({
    step: 1,
    selectedServices: [],
    selectedStaffId: null,
    ...noTime,
    customer: null,
    providerLoaded: () => set({ step: 1, selectedStaffId: null, ...noTime }),
    chooseService: (selection) => set((state) => ({ selectedServices: [selection], step: state.step + 1, ...noTime })),
    chooseStaff: (staffId) => set((state) => ({ selectedStaffId: staffId, step: state.step + 1, ...noTime })),
    chooseDate: (isoDate) => set({ selectedDate: isoDate, selectedHour: null }),
    chooseHour: (hour) => set((state) => ({ selectedDate: hour.date, selectedHour: hour, step: state.step + 1 })),
    saveCustomer: (values) => set((state) => ({ customer: values, step: state.step + 1 })),
    goToStep: (step) => set({ step: Math.max(1, Math.trunc(step)) }),
    back: () => set((state) => ({ step: previousStep(state.step) })),
  }));
}

export type BookingStore = ReturnType<typeof createBookingStore>;
