import { type AvailableHour, formatClock, pad2 as pad, toZoned } from "booking-widget/contract";
import type { Slot } from "./engine.ts";

/** A slot as the client shows it, in the provider's zone and clock. */
export function toAvailableHour(slot: Slot, timeZone: string, timeFormat: string, customerMinutes: number): AvailableHour {
  const start = toZoned(slot.start, timeZone);
  const customerEnd = toZoned(new Date(slot.start.getTime() + customerMinutes * 60_000), timeZone);
  const end = toZoned(slot.end, timeZone);
  return {
    label: formatClock(start.hour, start.minute, timeFormat),
    backendLabel: `${pad(start.hour)}:${pad(start.minute)}`,
    date: start.isoDate,
    customerAppointmentEndLabel: formatClock(customerEnd.hour, customerEnd.minute, timeFormat),
    appointmentEndLabel: formatClock(end.hour, end.minute, timeFormat),
    ...(slot.placesLeft !== undefined ? { placesLeft: slot.placesLeft, places: slot.places } : {}),
  };
}
