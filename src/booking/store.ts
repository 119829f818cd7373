import { createStore } from "zustand/vanilla";
import type { AvailableHour, BookingConfirmation, CustomerAccount, ServiceBookingSelection } from "../api/schemas/index.ts";
import type { BookingFormValues } from "../validation/booking-form.ts";
import { emptyConfirmDraft, type ConfirmDraft } from "./confirm/confirm-draft.ts";
import type { PrefillAttributes } from "./prefill/prefill-attributes.ts";
import { toggleSelection } from "./service/service-selection.ts";
import { previousStep } from "./steps.ts";

/** What the receipt step shows about the booking just made. */
export interface BookedAppointment {
  confirmation: BookingConfirmation;
  /** Channels the customer ticked, for the receipt sentence. */
  draft: ConfirmDraft;
  /** Paid online before it was confirmed (the payment return). */
  paid?: boolean;
}

/** The stepper's data: what a payment round trip saves and restores. */
export interface BookingData {
  /** 1-based stepper position. */
  step: number;
  selectedServices: ServiceBookingSelection[];
  selectedStaffId: number | null;
  /** The day shown in the time step (YYYY-MM-DD, provider's zone); null until chosen. */
  selectedDate: string | null;
  selectedHour: AvailableHour | null;
  /** The customer's details from the information step, kept when going back and forth. */
  customer: BookingFormValues | null;
  /** The information form as typed so far, not yet sent on (kept across a reload). */
  customerDraft: BookingFormValues | null;
  /** The logged-in or verified customer account (token included), if any. */
  account: CustomerAccount | null;
  /** Comment and ticks of the confirm step. */
  draft: ConfirmDraft;
  booked: BookedAppointment | null;
}

/** The element's own screens it moves between when embedded (spec §2: without the host page's URL). */
export type InnerView = "booking" | "my-page";

export interface BookingState extends BookingData {
  /**
   * The password chosen on the new-profile form, in memory only (never stored): it goes
   * with the verification code, as the API sets it only for whoever proves the phone.
   */
  newPassword: string | null;
  /** The screen moved to inside the element; null: the one its view attribute names. */
  view: InnerView | null;
  /** The element's prefill attributes, as the page gives them (README "Prefill and pre-selection"). */
  prefill: PrefillAttributes;
  /** The service and staff attribute values already acted on: each value is used once. */
  prefillUsed: { service?: string; staff?: string };
  setPrefill(prefill: PrefillAttributes): void;
  /** The service attribute's services: chosen, and the visitor continues from the next step. */
  preselectServices(value: string, selections: ServiceBookingSelection[]): void;
  /** The staff attribute was acted on (its person chosen, or ignored). */
  usedStaffPrefill(value: string): void;
  showView(view: InnerView): void;
  /** The provider was (re)loaded: back to step 1, staff choice cleared. */
  providerLoaded(): void;
  /** A single service chosen (no multipleServices): it is the selection, and the stepper moves on. */
  chooseService(selection: ServiceBookingSelection): void;
  /** multipleServices: ticks a service (with its extras) or unticks it when already ticked. */
  toggleService(selection: ServiceBookingSelection): void;
  /** multipleServices: Continue with the ticked services. */
  continueWithServices(): void;
  /** A staff member (or null: anyone) chosen in the staff step; the stepper moves on. */
  chooseStaff(staffId: number | null): void;
  chooseDate(isoDate: string): void;
  /** An hour chosen in the time step; the stepper moves on to the customer's information. */
  chooseHour(hour: AvailableHour): void;
  /** The information step's form passed (or the account logged in): keep it and move on to confirm. */
  saveCustomer(values: BookingFormValues, account?: CustomerAccount | null, newPassword?: string): void;
  /** The information form changed: what is typed so far. */
  keepCustomerDraft(values: BookingFormValues): void;
  setAccount(account: CustomerAccount | null): void;
  setDraft(draft: ConfirmDraft): void;
  /** The booking went through: the receipt step. */
  finishBooking(booked: BookedAppointment): void;
  /** Spec §4: a failed booking returns to step 1 (the customer's details stay). */
  bookingFailed(): void;
  /** Spec §4: logging out clears the account and returns to step 1. */
  logOut(): void;
  /** "Book new time": a fresh booking, the customer's details kept. */
  startOver(): void;
  /** A saved stepper (after a payment round trip) comes back. */
  restore(data: Partial<BookingData>): void;
  goToStep(step: number): void;
  back(): void;
}

const noTime = { selectedDate: null, selectedHour: null };
const freshBooking = {
  step: 1,
  selectedServices: [],
  selectedStaffId: null,
  ...noTime,
  draft: emptyConfirmDraft,
  booked: null,
  customerDraft: null,
};

/** One store per widget element: two widgets on a page never share a stepper. */
export function createBookingStore(prefill: PrefillAttributes = {}) {
  return createStore<BookingState>()((set) => ({
    ...freshBooking,
    customer: null,
    customerDraft: null,
    account: null,
    newPassword: null,
    view: null,
    prefill,
    prefillUsed: {},
    setPrefill: (next) => set({ prefill: next }),
    preselectServices: (value, selections) =>
      set((state) => ({
        prefillUsed: { ...state.prefillUsed, service: value },
        ...(selections.length > 0 ? { selectedServices: selections, step: 2, selectedStaffId: null, ...noTime } : {}),
      })),
    usedStaffPrefill: (value) => set((state) => ({ prefillUsed: { ...state.prefillUsed, staff: value } })),
    showView: (view) => set({ view }),
    providerLoaded: () => set({ step: 1, selectedStaffId: null, ...noTime }),
    chooseService: (selection) => set((state) => ({ selectedServices: [selection], step: state.step + 1, ...noTime })),
    toggleService: (selection) => set((state) => ({ selectedServices: toggleSelection(state.selectedServices, selection), ...noTime })),
    continueWithServices: () => set((state) => (state.selectedServices.length > 0 ? { step: state.step + 1, ...noTime } : {})),
    chooseStaff: (staffId) => set((state) => ({ selectedStaffId: staffId, step: state.step + 1, ...noTime })),
    chooseDate: (isoDate) => set({ selectedDate: isoDate, selectedHour: null }),
    chooseHour: (hour) => set((state) => ({ selectedDate: hour.date, selectedHour: hour, step: state.step + 1 })),
    saveCustomer: (values, account, newPassword) =>
      set((state) => ({
        customer: values,
        customerDraft: null,
        step: state.step + 1,
        newPassword: newPassword ?? null,
        ...(account === undefined ? {} : { account }),
      })),
    keepCustomerDraft: (values) => set({ customerDraft: values }),
    setAccount: (account) => set({ account, newPassword: null }),
    setDraft: (draft) => set({ draft }),
    finishBooking: (booked) => set((state) => ({ booked, step: state.step + 1 })),
    bookingFailed: () => set({ step: 1, ...noTime }),
    logOut: () => set({ account: null, newPassword: null, step: 1 }),
    startOver: () => set(freshBooking),
    restore: (data) => set(data),
    goToStep: (step) => set({ step: Math.max(1, Math.trunc(step)) }),
    back: () => set((state) => ({ step: previousStep(state.step) })),
  }));
}

export type BookingStore = ReturnType<typeof createBookingStore>;
