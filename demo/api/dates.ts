import { addDays, toZoned } from "./availability/zoned-time.ts";

/** Today's calendar date (YYYY-MM-DD) in `timeZone`, whatever the server's own zone is. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return toZoned(now, timeZone).isoDate;
}

/** Resolves a fixture date: "today", "today+N", "today-N" or an absolute YYYY-MM-DD. */
export function resolveFixtureDate(value: string, timeZone: string, now: Date = new Date()): string {
  const relative = /^today([+-]\d+)?$/.exec(value);
  if (!relative) return value;
  return addDays(todayIn(timeZone, now), Number(relative[1] ?? 0));
}
