import { toZoned } from "booking-widget/contract";

/** A staff member's time that is free again (waitlist_freed), as the offer worker reads it. */
export interface FreedTime {
  start: Date;
  end: Date;
  /** Whose time it was; null when not known. */
  staffMemberId: number | null;
  /** The only entries it is for (written again for those who lost an offer from it); null: every entry. */
  entryIds: readonly number[] | null;
}

/**
 * The freed times worth offering at `now`: those not over yet, one per staff member and
 * range (the same time written twice, by a cancel and a lapse, say, is one), soonest first.
 */
export function liveFreedTimes(
  rows: readonly { from: Date | string; until: Date | string; staffMemberId: number | null; entryIds?: readonly number[] | null }[],
  now: Date,
): FreedTime[] {
  const seen = new Map<string, FreedTime>();
  for (const row of rows) {
    const time = { start: new Date(row.from), end: new Date(row.until), staffMemberId: row.staffMemberId, entryIds: row.entryIds ?? null };
    if (time.end.getTime() <= now.getTime() || time.end.getTime() <= time.start.getTime()) continue;
    const key = `${time.staffMemberId}@${time.start.getTime()}-${time.end.getTime()}`;
    const before = seen.get(key);
    // The same time for every entry and for some: for every entry. For two sets of entries: for both.
    const entryIds = !before
      ? time.entryIds
      : before.entryIds && time.entryIds
        ? [...new Set([...before.entryIds, ...time.entryIds])]
        : null;
    seen.set(key, { ...time, entryIds });
  }
  return [...seen.values()].sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime());
}

/** Whether a freed time is for this entry: written for everyone, or again for the entries that lost an offer from it. */
export function freedFor(time: FreedTime, entryId: number): boolean {
  return time.entryIds === null || time.entryIds.includes(entryId);
}

/**
 * The freed times that lost offers came from, each for the entries that lost an offer
 * from it (an offer made before its freed time was kept has none). Written again, what
 * the winner's booking left of them reaches those entries, and no one told of them already.
 */
export function lostFreedTimes(
  lost: readonly { entryId: number; from: Date | string | null; until: Date | string | null; staffMemberId: number | null }[],
  now: Date,
): FreedTime[] {
  const rows = lost.flatMap(({ entryId, from, until, staffMemberId }) =>
    from && until ? [{ from, until, staffMemberId, entryIds: [entryId] }] : [],
  );
  return liveFreedTimes(rows, now);
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
