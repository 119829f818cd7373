import type { SeriesPlan, SeriesWish } from "../series/series-plan.ts";
import type { ZoneLead } from "../../time/visitor-time.ts";
import type { AvailableHour, BookingConfirmation, ServiceBookingSelection } from "../../contract/schemas/index.ts";
import type { BookingFormValues } from "../../validation/booking-form.ts";
import type { ConfirmDraft } from "./confirm-draft.ts";

/** What the receipt step shows about the booking just made. */
export interface BookedAppointment {
  confirmation: BookingConfirmation;
  /** Channels the customer ticked, for the receipt sentence. */
  draft: ConfirmDraft;
  /** Paid online before it was confirmed (the payment return). */
  paid?: boolean;
}

/** The stepper's own data: where the visitor is and what they chose. */
export interface StepperData {
  /** 1-based stepper position. */
  step: number;
  selectedServices: ServiceBookingSelection[];
  selectedStaffId: number | null;
  /** The day shown in the time step (YYYY-MM-DD, provider's zone); null until chosen. */
  selectedDate: string | null;
  selectedHour: AvailableHour | null;
  /** Comment and ticks of the confirm step. */
  draft: ConfirmDraft;
  booked: BookedAppointment | null;
  /** Which clock the time step and the receipt show first when the visitor's zone differs. */
  zoneLead?: ZoneLead;
  /** The repeat control (issue 42's series): null or absent, one time only. */
  seriesWish?: SeriesWish | null;
  /** The series settled on after the preview; its first occurrence is selectedHour. */
  seriesPlan?: SeriesPlan | null;
}

/** Who is booking: the details of the information step (the login is the session's, account/session-store.ts). */
export interface CustomerData {
  /** The customer's details from the information step, kept when going back and forth. */
  customer: BookingFormValues | null;
  /** The information form as typed so far, not yet sent on (kept across a reload). */
  customerDraft: BookingFormValues | null;
}

/** The stepper's data: what a payment round trip or a reload saves and restores. */
export type BookingData = StepperData & CustomerData;

/**
 * What a slice's actions write with: zustand's setState, seen through the part of the
 * booking state the slice reads and writes (an action may move another slice's state:
 * saving the customer moves the stepper on).
 */
export type SliceSet<S> = (partial: Partial<S> | ((state: S) => Partial<S>)) => void;
