import { addDays, todayIn } from "booking-widget/contract";

/** Resolves a fixture date: "today", "today+N", "today-N" or an absolute YYYY-MM-DD. */
export function resolveFixtureDate(value: string, timeZone: string, now: Date): string {
  const relative = /^today([+-]\d+)?$/.exec(value);
  if (!relative) return value;
  return addDays(todayIn(timeZone, now), Number(relative[1] ?? 0));
}
