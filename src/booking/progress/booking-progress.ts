import * as v from "valibot";
import { readStored, removeStored, safeStorage, writeStored } from "../../storage/browser-storage.ts";
import { AvailableHour, ServiceBookingSelection } from "../../contract/schemas/index.ts";
import { CustomerValues, DraftValues, SeriesPlanValues } from "../payment/pending-payment.ts";
import { planStartingAt } from "../series/series-plan.ts";
import { bookingSteps } from "../steps.ts";
import { progressKey } from "./progress-key.ts";
import type { BookingData } from "../store/booking-store.ts";

/**
 * A booking in progress, kept in the tab's session storage so that a reload comes back to
 * it (issue 18). Never a code, a password or an account token: a logged-in customer comes
 * back to the information step, where the kept login (if any) fills it in again.
 */
export const BookingProgress = v.object({
  savedAt: v.number(),
  data: v.object({
    step: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(6)),
    selectedServices: v.array(ServiceBookingSelection),
    selectedStaffId: v.nullable(v.number()),
    selectedDate: v.nullable(v.pipe(v.string(), v.isoDate())),
    selectedHour: v.nullable(AvailableHour),
    customer: v.nullable(CustomerValues),
    customerDraft: v.optional(v.nullable(CustomerValues), null),
    draft: DraftValues,
    /** A series settled on (issue 42): a reload keeps it, and holds and books it whole. */
    seriesPlan: v.optional(v.nullable(SeriesPlanValues), null),
  }),
});
export type BookingProgress = v.InferOutput<typeof BookingProgress>;
export type ProgressData = BookingProgress["data"];

/** A booking left longer than this is not brought back. */
export const PROGRESS_MAX_AGE_MS = 60 * 60_000;

/** What of the store is kept: nothing on the first step or once booked (the receipt is the end). */
export function progressOf(state: BookingData): ProgressData | null {
  if (state.step <= 1 || state.booked) return null;
  const { step, selectedServices, selectedStaffId, selectedDate, selectedHour, customer, customerDraft, draft, seriesPlan = null } = state;
  return { step, selectedServices, selectedStaffId, selectedDate, selectedHour, customer, customerDraft, draft, seriesPlan };
}

/**
 * The furthest step the kept data carries, never past the step it was on: the time step
 * needs services, the information step an hour, the confirm step the customer's details —
 * and, with customer accounts, a login the progress does not keep, so the information step.
 */
export function restorableStep(data: ProgressData, options: { customerCanSelectStaff: boolean; useCustomerAccounts: boolean }): number {
  const steps = bookingSteps(options.customerCanSelectStaff);
  const reachable = (kind: (typeof steps)[number]): boolean => {
    switch (kind) {
      case "service":
        return true;
      case "staff":
      case "time":
        return data.selectedServices.length > 0;
      case "information":
        return data.selectedServices.length > 0 && data.selectedHour !== null;
      case "confirm":
        return data.selectedServices.length > 0 && data.selectedHour !== null && data.customer !== null && !options.useCustomerAccounts;
      case "receipt":
        return false;
    }
  };
  let step = 1;
  while (step < data.step && step < steps.length && reachable(steps[step]!)) step += 1;
  return step;
}

export function saveProgress(bookingLink: string, data: ProgressData | null, at: number, storage = safeStorage("sessionStorage")): void {
  if (data) writeStored(progressKey(bookingLink), { savedAt: at, data } satisfies BookingProgress, storage);
  else removeStored(progressKey(bookingLink), storage);
}

/** The kept booking of this booking link, if any and not too old. */
export function readProgress(bookingLink: string, at: number, storage = safeStorage("sessionStorage")): ProgressData | undefined {
  const kept = readStored(progressKey(bookingLink), BookingProgress, storage);
  if (!kept || at - kept.savedAt > PROGRESS_MAX_AGE_MS || kept.savedAt > at) return undefined;
  return { ...kept.data, seriesPlan: planStartingAt(kept.data.seriesPlan, kept.data.selectedHour) };
}
