/** Today's calendar date (YYYY-MM-DD) in `timeZone`, whatever the server's own zone is. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** Adds whole days to a calendar date; no time zone is involved. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Resolves a fixture date: "today", "today+N", "today-N" or an absolute YYYY-MM-DD. */
export function resolveFixtureDate(value: string, timeZone: string, now: Date = new Date()): string {
  const relative = /^today([+-]\d+)?$/.exec(value);
  if (!relative) return value;
  return addDays(todayIn(timeZone, now), Number(relative[1] ?? 0));
}
