import { toZoned } from "booking-widget/contract";

/** A staff member's time that is free again (waitlist_freed), as the offer worker reads it. */
export interface FreedTime {
  start: Date;
  end: Date;
  /** Whose time it was; null when not known. */
  staffMemberId: number | null;
}

/**
 * The freed times worth offering at `now`: those not over yet, one per staff member and
 * range (the same time written twice, by a cancel and a lapse, say, is one), soonest first.
 */
export function liveFreedTimes(
  rows: readonly { from: Date | string; until: Date | string; staffMemberId: number | null }[],
  now: Date,
): FreedTime[] {
  const seen = new Map<string, FreedTime>();
  for (const row of rows) {
    const time = { start: new Date(row.from), end: new Date(row.until), staffMemberId: row.staffMemberId };
    if (time.end.getTime() <= now.getTime() || time.end.getTime() <= time.start.getTime()) continue;
    seen.set(`${time.staffMemberId}@${time.start.getTime()}-${time.end.getTime()}`, time);
  }
  return [...seen.values()].sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
}

/** The page-zone days the freed times touch (a time past midnight touches two), sorted. */
export function freedDays(times: readonly FreedTime[], timeZone: string): string[] {
  const days = new Set<string>();
  for (const time of times) {
    days.add(toZoned(time.start, timeZone).isoDate);
    days.add(toZoned(new Date(time.end.getTime() - 1), timeZone).isoDate);
  }
  return [...days].sort();
}
