import { fromZoned, seriesDates } from "booking-widget/contract";
import { slotsForDay, type ProviderSchedule, type Slot, type SlotRequest } from "./engine.ts";

/**
 * A weekly series in the engine (issue 42): each occurrence is the first one's wall-clock
 * time on its date (so a daylight-saving change keeps the local time), with the same
 * staff member. Pure, as the engine is.
 */
export interface SeriesOccurrenceSlot {
  date: string;
  /** HH:mm, the provider's wall clock. */
  time: string;
  /** The slot at that time with the series' staff member, or undefined when taken. */
  slot: Slot | undefined;
  /** When taken: that staff member's free slots that day, nearest to the wished time first. */
  alternatives: Slot[];
}

/** How many alternatives a taken occurrence offers. */
export const SERIES_ALTERNATIVES = 3;

/** The occurrences of a series with `staffId`, each free or taken (with its nearest free times). */
export function seriesOccurrences(
  schedule: ProviderSchedule,
  request: SlotRequest,
  first: string,
  time: string,
  everyWeeks: number,
  count: number,
  staffId: number,
): SeriesOccurrenceSlot[] {
  const withStaff = { ...request, staffMemberId: staffId };
  return seriesDates(first, everyWeeks, count).map((date) => {
    const wished = fromZoned(date, time, schedule.timeZone).getTime();
    const day = slotsForDay(schedule, withStaff, date);
    const slot = day.find((s) => s.start.getTime() === wished);
    const alternatives = slot
      ? []
      : [...day]
          .sort(
            (a, b) => Math.abs(a.start.getTime() - wished) - Math.abs(b.start.getTime() - wished) || a.start.getTime() - b.start.getTime(),
          )
          .slice(0, SERIES_ALTERNATIVES);
    return { date, time, slot, alternatives };
  });
}

/**
 * The staff member a series is with: of those free at its first time (or the one asked
 * for), the one free at most of its occurrences (schedule order breaks a tie); null when
 * nobody is free at the first time.
 */
export function seriesStaff(
  schedule: ProviderSchedule,
  request: SlotRequest,
  first: string,
  time: string,
  everyWeeks: number,
  count: number,
): number | null {
  const start = fromZoned(first, time, schedule.timeZone).getTime();
  const firstSlot = slotsForDay(schedule, request, first).find((s) => s.start.getTime() === start);
  if (!firstSlot) return null;
  let best: { id: number; free: number } | null = null;
  for (const id of firstSlot.staffIds) {
    const free = seriesOccurrences(schedule, request, first, time, everyWeeks, count, id).filter((o) => o.slot).length;
    if (!best || free > best.free) best = { id, free };
  }
  return best?.id ?? null;
}
