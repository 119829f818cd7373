import { addDays } from "../zoned-time.ts";

/**
 * The dates of a weekly series (issue 42): the first, then every `everyWeeks` weeks,
 * `count` in all. The time of day is the provider's wall clock on each date, so a
 * daylight-saving change keeps the local time (the API turns each into an instant).
 */
export function seriesDates(first: string, everyWeeks: number, count: number): string[] {
  return Array.from({ length: count }, (_, k) => addDays(first, 7 * everyWeeks * k));
}

/**
 * The most occurrences a series from `first` can have within the booking window (its
 * last bookable date `lastDate`) and the service's maximum: the widget offers no more,
 * and the API refuses more.
 */
export function seriesFitting(first: string, everyWeeks: number, maxOccurrences: number, lastDate: string): number {
  let count = 0;
  while (count < maxOccurrences && addDays(first, 7 * everyWeeks * count) <= lastDate) count++;
  return count;
}
