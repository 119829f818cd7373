import type { SeriesPlan, SeriesWish } from "../series/series-plan.ts";
import type { ZoneLead } from "../../time/visitor-time.ts";
import type { AvailableHour, ServiceBookingSelection } from "../../contract/schemas/index.ts";
import { type ConfirmDraft, emptyConfirmDraft } from "./confirm-draft.ts";
import { toggleSelection } from "./service-selection.ts";
import { previousStep } from "../steps.ts";
import type { BookedAppointment, CustomerData, SliceSet, StepperData } from "./booking-data.ts";

export interface StepperSlice extends StepperData {
  /** The provider was (re)loaded: back to step 1, staff choice cleared. */
  providerLoaded(): void;
  /** A single service chosen (no multipleServices): it is the selection, and the stepper moves on. */
  chooseService(selection: ServiceBookingSelection): void;
  /** multipleServices: ticks a service (with its extras) or unticks it when already ticked; a group service goes alone. */
  toggleService(selection: ServiceBookingSelection, groupServiceIds?: ReadonlySet<number>): void;
  /** multipleServices: Continue with the ticked services. */
  continueWithServices(): void;
  /** A staff member (or null: anyone) chosen in the staff step; the stepper moves on. */
  chooseStaff(staffId: number | null): void;
  chooseDate(isoDate: string): void;
  /** An hour chosen in the time step; the stepper moves on to the customer's information. */
  chooseHour(hour: AvailableHour): void;
  setDraft(draft: ConfirmDraft): void;
  /** The booking went through: the receipt step. */
  finishBooking(booked: BookedAppointment): void;
  /** Spec §4: a failed booking returns to step 1 (the customer's details stay). */
  bookingFailed(): void;
  /** "Book new time": a fresh booking, the customer's details kept. */
  startOver(): void;
  goToStep(step: number): void;
  back(): void;
  /** The time step's zone toggle: the visitor's clock first, or the provider's. */
  setZoneLead(lead: ZoneLead): void;
  /** The repeat control: a series wished (every N weeks, N times), or none. */
  setSeriesWish(wish: SeriesWish | null): void;
  /** An hour chosen as a series' first occurrence, with the series settled on: the stepper moves on. */
  chooseSeries(hour: AvailableHour, plan: SeriesPlan | null): void;
}

export const noTime = { selectedDate: null, selectedHour: null, seriesPlan: null };

/** A booking not yet begun (also what the information form typed so far is cleared to). */
export const freshBooking = {
  step: 1,
  selectedServices: [],
  selectedStaffId: null,
  ...noTime,
  draft: emptyConfirmDraft,
  booked: null,
  customerDraft: null,
} satisfies StepperData & { customerDraft: null };

/** The step machine's moves (steps.ts says which steps a provider has). */
export const createStepperSlice = (set: SliceSet<StepperData & Pick<CustomerData, "customerDraft">>): StepperSlice => ({
  ...freshBooking,
  providerLoaded: () => set({ step: 1, selectedStaffId: null, ...noTime }),
  chooseService: (selection) => set((state) => ({ selectedServices: [selection], step: state.step + 1, ...noTime })),
  toggleService: (selection, groupServiceIds) =>
    set((state) => ({ selectedServices: toggleSelection(state.selectedServices, selection, groupServiceIds), ...noTime })),
  continueWithServices: () => set((state) => (state.selectedServices.length > 0 ? { step: state.step + 1, ...noTime } : {})),
  chooseStaff: (staffId) => set((state) => ({ selectedStaffId: staffId, step: state.step + 1, ...noTime })),
  chooseDate: (isoDate) => set({ selectedDate: isoDate, selectedHour: null, seriesPlan: null }),
  chooseHour: (hour) => set((state) => ({ selectedDate: hour.date, selectedHour: hour, seriesPlan: null, step: state.step + 1 })),
  chooseSeries: (hour, plan) => set((state) => ({ selectedDate: hour.date, selectedHour: hour, seriesPlan: plan, step: state.step + 1 })),
  setDraft: (draft) => set({ draft }),
  finishBooking: (booked) => set((state) => ({ booked, step: state.step + 1 })),
  bookingFailed: () => set({ step: 1, ...noTime }),
  startOver: () => set(freshBooking),
  goToStep: (step) => set({ step: Math.max(1, Math.trunc(step)) }),
  back: () => set((state) => ({ step: previousStep(state.step) })),
  setZoneLead: (zoneLead) => set({ zoneLead }),
  setSeriesWish: (seriesWish) => set({ seriesWish, seriesPlan: null }),
});
