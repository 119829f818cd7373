import type { AvailableHour } from "../../../src/api/schemas/hours.ts";
import type { Slot } from "./engine.ts";
import { pad2 as pad, toZoned } from "./zoned-time.ts";

/** "09:15" on a 24-hour clock, "9:15 AM" on a 12-hour one. */
export function formatClock(hour: number, minute: number, timeFormat: string): string {
  if (timeFormat !== "12h") return `${pad(hour)}:${pad(minute)}`;
  const suffix = hour < 12 ? "AM" : "PM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${suffix}`;
}

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
  };
}
