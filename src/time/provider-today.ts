import { todayIn, type ZonedDay } from "../contract/zoned-time.ts";
import { now } from "./now.ts";

// Days the page's data told us of (the server's ZonedDay), by zone: a known fact about
// the calendar, shared by every widget on the page like the time-zone database itself.
const knownDays = new Map<string, ZonedDay>();

/**
 * Remembers a provider's day from the page's data (page-island.ts `today`): while the
 * clock is inside it, providerToday answers it without asking Intl for the zone.
 */
export function knowProviderDay(day: ZonedDay | undefined): void {
  // A day is 23 to 25 hours long (26 at most anywhere): anything else is no day.
  if (day && day.from < day.until && day.until - day.from <= 26 * 3_600_000) knownDays.set(day.timeZone, day);
}

/** Today (YYYY-MM-DD) in the provider's zone, by the widget's one clock (now.ts). */
export function providerToday(timeZone: string): string {
  const at = now();
  const known = knownDays.get(timeZone);
  if (known && known.from <= at.getTime() && at.getTime() < known.until) return known.date;
  return todayIn(timeZone, at);
}
