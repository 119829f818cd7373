import type { LoadedDay } from "../contract/schemas/index.ts";
import { addDays, isoDateOf, weekdayOf } from "../contract/zoned-time.ts";

/** A calendar month, 1-based. */
export interface YearMonth {
  year: number;
  month: number;
}

export const monthOf = (isoDate: string): YearMonth => {
  const [year, month] = isoDate.split("-").map(Number) as [number, number];
  return { year, month };
};

export const shiftMonth = ({ year, month }: YearMonth, by: number): YearMonth => {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};

const monthIndex = ({ year, month }: YearMonth) => year * 12 + month;

/**
 * The weeks of a month as ISO dates, padded with null before the first and after the
 * last day; weeks start on Monday (1) or Sunday (0).
 */
export function monthGrid({ year, month }: YearMonth, weekStartsOn: 0 | 1): (string | null)[][] {
  const first = isoDateOf(year, month, 1)!;
  const lead = (weekdayOf(first) - weekStartsOn + 7) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; monthOf(day).month === month; day = addDays(day, 1)) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The bookable window: today to today + maxDaysInAdvanceForBooking (spec §9), inclusive. */
export interface BookingWindow {
  first: string;
  last: string;
}

export const bookingWindow = (today: string, maxDaysInAdvance: number): BookingWindow => ({
  first: today,
  last: addDays(today, Math.max(0, maxDaysInAdvance)),
});

/** The months a visitor may page through: the window's first to its last. */
export function canShowMonth(month: YearMonth, window: BookingWindow): boolean {
  return monthIndex(month) >= monthIndex(monthOf(window.first)) && monthIndex(month) <= monthIndex(monthOf(window.last));
}

/** A day's marker: green (has hours), red (none), outside the window, or not loaded yet. */
export type DayStatus = "available" | "full" | "outside" | "unknown";

export function dayStatus(isoDate: string, window: BookingWindow, loaded: ReadonlyMap<string, LoadedDay>): DayStatus {
  if (isoDate < window.first || isoDate > window.last) return "outside";
  const day = loaded.get(isoDate);
  if (!day) return "unknown";
  return day.hoursToBook.length > 0 ? "available" : "full";
}

/** Loaded days merged by id (spec §7: the month answer is merged into loaded days). */
export function mergeDays(loaded: ReadonlyMap<string, LoadedDay>, days: readonly LoadedDay[]): Map<string, LoadedDay> {
  const merged = new Map(loaded);
  for (const day of days) merged.set(day.id, day);
  return merged;
}

/** Spec §9: the default date is the service's firstAvailable, else tomorrow. */
export function defaultDate(firstAvailable: string | null | undefined, today: string): string {
  return firstAvailable && firstAvailable >= today ? firstAvailable : addDays(today, 1);
}
