import { createStore } from "zustand/vanilla";
import type { ServiceBookingSelection } from "../api/schemas/index.ts";
import { previousStep } from "./steps.ts";

export interface BookingState {
  /** 1-based stepper position. */
  step: number;
  selectedServices: ServiceBookingSelection[];
  selectedStaffId: number | null;
  /** The provider was (re)loaded: back to step 1, staff choice cleared. */
  providerLoaded(): void;
  /** A single service chosen (no multipleServices): it is the selection, and the stepper moves on. */
  chooseService(selection: ServiceBookingSelection): void;
  goToStep(step: number): void;
  back(): void;
}

/** One store per widget element: two widgets on a page never share a stepper. */
export function createBookingStore() {
  return createStore<BookingState>()((set) => ({
    step: 1,
    selectedServices: [],
    selectedStaffId: null,
    providerLoaded: () => set({ step: 1, selectedStaffId: null }),
    chooseService: (selection) => set((state) => ({ selectedServices: [selection], step: state.step + 1 })),
    goToStep: (step) => set({ step: Math.max(1, Math.trunc(step)) }),
    back: () => set((state) => ({ step: previousStep(state.step) })),
  }));
}

export type BookingStore = ReturnType<typeof createBookingStore>;
