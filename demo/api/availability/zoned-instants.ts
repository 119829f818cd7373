import { fromZoned } from "booking-widget/contract";

/**
 * The instant of a wall-clock time in a zone (fromZoned), remembered. A month of 20 staff
 * asks for the same opening hours and breaks again and again, and each fresh conversion
 * costs several Intl calls, once the dearest part of a month's answer. The answer never
 * changes while the process runs, so it is kept; bounded like toZoned's own offsets.
 */
export function instantOf(isoDate: string, time: string, timeZone: string): number {
  const key = `${timeZone} ${isoDate} ${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    ms = fromZoned(isoDate, time, timeZone).getTime();
    if (instants.size > 5e4) instants.clear();
    instants.set(key, ms);
  }
  return ms;
}

const instants = new Map<string, number>();
