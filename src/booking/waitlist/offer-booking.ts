import type { AvailableHour, WaitlistOffer } from "../../contract/schemas/index.ts";
import { pad2, toZoned } from "../../contract/zoned-time.ts";
import { emptyConfirmDraft } from "../store/confirm-draft.ts";
import type { BookingData } from "../store/booking-data.ts";
import { stepNumber } from "../steps.ts";

/** The offered time in the page's zone: its day, and its HH:mm as the hours call names it (backendLabel). */
export function offeredTime(offer: Pick<WaitlistOffer, "start">, timeZone: string): { date: string; backendLabel: string } {
  const zoned = toZoned(new Date(offer.start), timeZone);
  return { date: zoned.isoDate, backendLabel: `${pad2(zoned.hour)}:${pad2(zoned.minute)}` };
}

/**
 * What a booking opened on a waitlist offer starts as, in place of the fresh stepper: the
 * offered services, staff member (on a page where visitors choose one) and time chosen,
 * at the information step, where the offer's customer is logged in with their details.
 */
export function offerBooking(offer: WaitlistOffer, hour: AvailableHour, customerCanSelectStaff: boolean): Partial<BookingData> {
  return {
    step: stepNumber("information", customerCanSelectStaff),
    selectedServices: offer.serviceBookings.map((booking) => ({
      serviceId: booking.serviceId,
      extraServiceIds: booking.extraServiceIds ?? [],
    })),
    selectedStaffId: customerCanSelectStaff ? offer.staffMemberId : null,
    selectedDate: hour.date,
    selectedHour: hour,
    draft: emptyConfirmDraft,
    booked: null,
    seriesWish: null,
    seriesPlan: null,
    customer: null,
    customerDraft: null,
  };
}

/** The secret of an offer's link (`?tilbud=`), or null when the address has none that could be one. */
export function offerTokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get("tilbud")?.trim() ?? "";
  return /^[0-9a-f]{16,200}$/.test(token) ? token : null;
}
