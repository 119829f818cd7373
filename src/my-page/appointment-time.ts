import type { CustomerAppointment } from "../contract/schemas/index.ts";
import { formatClock, formatDate } from "../contract/format-date-time.ts";
import { isoWithOffset } from "../time/iso-with-offset.ts";
import { fromZoned, pad2 } from "../contract/zoned-time.ts";

/**
 * An appointment's date and time as My Page shows them: the answer's parts are already
 * in the provider's time zone, so they are formatted as they are (dd.mm.yyyy, the
 * provider's clock), never converted to the visitor's zone.
 */
export function appointmentTime(
  appointment: Pick<CustomerAppointment, "year" | "month" | "day" | "hour" | "minute">,
  timeFormat: string | null | undefined,
) {
  const iso = `${appointment.year}-${pad2(appointment.month)}-${pad2(appointment.day)}`;
  return { iso, date: formatDate(iso), time: formatClock(appointment.hour, appointment.minute, timeFormat) };
}

/** The wall-clock parts in `timeZone` as ISO 8601 with the zone's offset (for the page's events). */
export function zonedStart(parts: Pick<CustomerAppointment, "year" | "month" | "day" | "hour" | "minute">, timeZone: string): string {
  const iso = `${parts.year}-${pad2(parts.month)}-${pad2(parts.day)}`;
  return isoWithOffset(fromZoned(iso, `${pad2(parts.hour)}:${pad2(parts.minute)}`, timeZone), timeZone);
}
