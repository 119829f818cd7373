import type { BookingData } from "../store/booking-data.ts";
import { stepNumber } from "../steps.ts";
import type { PendingPayment } from "./pending-payment.ts";

/**
 * What a booking back from the payment page resumes as, in place of the fresh stepper a
 * newly loaded provider gets: the receipt of a paid booking, or the filled-in confirm
 * step again (nothing is booked) when the payment failed.
 */
export function returningBooking(held: PendingPayment, paid: boolean, customerCanSelectStaff: boolean): Partial<BookingData> {
  if (!paid) return { ...held.data, step: stepNumber("confirm", customerCanSelectStaff), booked: null };
  return {
    ...held.data,
    step: stepNumber("receipt", customerCanSelectStaff),
    booked: {
      confirmation: { ...held.confirmation, status: "confirmed", holdExpiresAt: null },
      draft: held.data.draft,
      paid: true,
    },
  };
}
