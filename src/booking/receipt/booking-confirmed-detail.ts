import type { BookingConfirmation, Provider, ServiceBookingSelection, ServiceCategory } from "../../contract/schemas/index.ts";
import type { BookingConfirmedDetail } from "../../kernel/widget-events.ts";
import { isoWithOffset } from "../../time/iso-with-offset.ts";
import { bookingSummary } from "../confirm/booking-summary.ts";

/**
 * bw-booking-confirmed's detail: what was booked, when and for how much, in the
 * provider's zone and currency. Nothing about the customer goes into it.
 */
export function bookingConfirmedDetail(
  provider: Pick<Provider, "timeZone" | "currency">,
  categories: readonly ServiceCategory[],
  selections: readonly ServiceBookingSelection[],
  confirmation: Pick<BookingConfirmation, "id" | "start" | "end">,
  paid: boolean,
): BookingConfirmedDetail {
  const summary = bookingSummary(categories, selections, null);
  return {
    appointmentIds: [confirmation.id],
    services: summary.lines.map(({ service, extras }) => ({
      id: service.id,
      title: service.title,
      extras: extras.map((extra) => ({ id: extra.id, title: extra.title })),
    })),
    start: isoWithOffset(new Date(confirmation.start), provider.timeZone),
    end: isoWithOffset(new Date(confirmation.end), provider.timeZone),
    timeZone: provider.timeZone,
    totalPrice: summary.total,
    currency: provider.currency,
    paid,
  };
}
