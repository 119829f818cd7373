import { type AvailableHour, formatClock, pad2 as pad, toZoned, type ZonedParts } from "booking-widget/contract";
import type { Slot } from "./engine.ts";

/**
 * Slots as the client shows them, in the provider's zone and clock: one labeller per
 * answer. Each instant is turned into wall-clock parts once per zone and kept: a slot's
 * ends are mostly other slots' starts, and every visitor of a page asks for the same
 * grid of times (a month of 20 staff labels hundreds of slots, once the dearest part of
 * its answer).
 */
export function hourLabeller(timeZone: string, timeFormat: string, customerMinutes: number): (slot: Slot) => AvailableHour {
  const seen = partsByZone.get(timeZone) ?? new Map<number, ZonedParts>();
  partsByZone.set(timeZone, seen);
  const zoned = (ms: number) => {
    let parts = seen.get(ms);
    if (!parts) {
      parts = toZoned(new Date(ms), timeZone);
      // A bound on a long-running server's memory, over every zone: a year of quarter hours is 35,000 instants (~8 MB).
      if (++kept > 4e4) {
        partsByZone.clear();
        partsByZone.set(timeZone, seen);
        seen.clear();
        kept = 1;
      }
      seen.set(ms, parts);
    }
    return parts;
  };
  return (slot) => {
    const start = zoned(slot.start.getTime());
    const customerEnd = zoned(slot.start.getTime() + customerMinutes * 60_000);
    const end = zoned(slot.end.getTime());
    return {
      label: formatClock(start.hour, start.minute, timeFormat),
      backendLabel: `${pad(start.hour)}:${pad(start.minute)}`,
      date: start.isoDate,
      customerAppointmentEndLabel: formatClock(customerEnd.hour, customerEnd.minute, timeFormat),
      appointmentEndLabel: formatClock(end.hour, end.minute, timeFormat),
      ...(slot.placesLeft !== undefined ? { placesLeft: slot.placesLeft, places: slot.places } : {}),
      // Said only when there is more than one: one class is the usual case.
      ...((slot.classes ?? 1) > 1 ? { classes: slot.classes } : {}),
    };
  };
}

const partsByZone = new Map<string, Map<number, ZonedParts>>();
let kept = 0;
