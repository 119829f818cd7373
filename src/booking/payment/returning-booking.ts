import type { BookingData } from "../store/booking-data.ts";
import { planStartingAt } from "../series/series-plan.ts";
import { stepNumber } from "../steps.ts";
import type { PendingPayment } from "./pending-payment.ts";

/**
 * What a booking back from the payment page resumes as, in place of the fresh stepper a
 * newly loaded provider gets: the receipt of a paid booking, or the filled-in confirm
 * step again (nothing is booked) when the payment failed.
 */
export function returningBooking(held: PendingPayment, paid: boolean, customerCanSelectStaff: boolean): Partial<BookingData> {
  // The login kept with it goes back to the element's session (BookingView), not into the booking.
  const { account: _session, ...kept } = held.data;
  const data = { ...kept, seriesPlan: planStartingAt(kept.seriesPlan, kept.selectedHour) };
  if (!paid) return { ...data, step: stepNumber("confirm", customerCanSelectStaff), booked: null };
  return {
    ...data,
    step: stepNumber("receipt", customerCanSelectStaff),
    booked: {
      confirmation: { ...held.confirmation, status: "confirmed", holdExpiresAt: null },
      draft: data.draft,
      paid: true,
    },
  };
}
