import { toZoned } from "../contract/zoned-time.ts";

/**
 * Whether the visitor must be told which zone the offered times are in: the times are
 * the provider's wall clock, and the visitor's own clock differs on that day. Zones
 * with other names but the same offset at `instant` need no note.
 */
export function timeZoneNoteNeeded(providerZone: string, visitorZone: string, instant: Date): boolean {
  if (providerZone === visitorZone) return false;
  return offsetMinutes(providerZone, instant) !== offsetMinutes(visitorZone, instant);
}

/** The zone's UTC offset at `instant`, in minutes (e.g. 60 for Europe/Oslo in winter). */
export function offsetMinutes(timeZone: string, instant: Date): number {
  const wall = toZoned(instant, timeZone);
  const [year, month, day] = wall.isoDate.split("-").map(Number) as [number, number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, wall.hour, wall.minute);
  return Math.round((wallAsUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/** "GMT-5", "GMT+1", "GMT+5:30": the offset as the note shows it beside the zone name. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `GMT${sign}${hours}${rest ? `:${String(rest).padStart(2, "0")}` : ""}`;
}

let visitorZone: string | undefined;

/**
 * The visitor's own zone, as the browser reports it: read once per page (each read makes
 * an Intl formatter, ~5 ms on a slow phone, and the time step asks on every render).
 */
export const visitorTimeZone = () => (visitorZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
