import type { BookingSeries, SeriesOccurrence, SeriesRule } from "../../contract/schemas/index.ts";
import { seriesFitting } from "../../contract/rules/series.ts";

/**
 * The visitor's series (issue 42), pure: what they asked for on the time step (the repeat
 * control), and the occurrences they settled on after the API's preview (each at its
 * wished time, at a nearer free time for a taken one, or left out).
 */

/** The repeat control: every N weeks, this many times in all. */
export interface SeriesWish {
  everyWeeks: number;
  count: number;
}

/** One occurrence as the visitor settled it: its date and time (provider's wall clock). */
export interface PlannedOccurrence {
  date: string;
  backendLabel: string;
  label: string;
}

/** The series the booking carries: its first occurrence is the chosen hour. */
export interface SeriesPlan {
  everyWeeks: number;
  occurrences: PlannedOccurrence[];
}

/** What a taken occurrence becomes: one of its alternatives (by backendLabel), or left out (null). */
export type OccurrenceChoice = string | null;

/** The counts the repeat control offers: 2 up to what the service and the booking window allow from `first`. */
export function seriesCounts(rule: SeriesRule, everyWeeks: number, first: string, lastDate: string): number[] {
  const most = seriesFitting(first, everyWeeks, rule.maxOccurrences, lastDate);
  return Array.from({ length: Math.max(0, most - 1) }, (_, i) => i + 2);
}

/**
 * The wish as the service and the window allow it from `first`: its count cut to what
 * fits; null when the service does not repeat that often or not even two times fit (a
 * wish kept from another service, or from an earlier day).
 */
export function fittingWish(rule: SeriesRule, wish: SeriesWish | null, first: string, lastDate: string): SeriesWish | null {
  if (!wish || !rule.everyWeeks.includes(wish.everyWeeks)) return null;
  const most = seriesCounts(rule, wish.everyWeeks, first, lastDate).at(-1);
  return most ? { everyWeeks: wish.everyWeeks, count: Math.min(wish.count, most) } : null;
}

/** Why the count asked for is more than the series gets (issue 57): what fits, and what cuts it. */
export interface CountCut {
  fits: number;
  /** "window": the booking window ends first; "service": the service's most times in a series. */
  by: "window" | "service";
}

/**
 * Why "Times in all" shows fewer than the visitor asked for (a count chosen for every
 * week, then every two weeks chosen; a count kept from another day): null when nothing
 * was cut, or when the wish is no series here at all (fittingWish's null).
 */
export function countCut(rule: SeriesRule, wish: SeriesWish | null, first: string, lastDate: string): CountCut | null {
  const fitted = fittingWish(rule, wish, first, lastDate);
  if (!wish || !fitted || fitted.count >= wish.count) return null;
  const inWindow = seriesFitting(first, wish.everyWeeks, wish.count, lastDate);
  return { fits: fitted.count, by: inWindow < wish.count && inWindow <= rule.maxOccurrences ? "window" : "service" };
}

/**
 * The plan from the preview and the visitor's choices for the taken occurrences (by
 * index; an unchosen taken one takes its nearest free time when it has one, else is left
 * out). Null when nothing but the first is left: then it is no series.
 */
export function planFrom(
  everyWeeks: number,
  preview: readonly SeriesOccurrence[],
  choices: ReadonlyMap<number, OccurrenceChoice>,
): SeriesPlan | null {
  const occurrences: PlannedOccurrence[] = [];
  preview.forEach((occurrence, index) => {
    if (occurrence.state === "free") {
      occurrences.push({ date: occurrence.date, backendLabel: occurrence.backendLabel, label: occurrence.label });
      return;
    }
    const choice = choices.has(index) ? choices.get(index)! : (occurrence.alternatives[0]?.backendLabel ?? null);
    const alternative = occurrence.alternatives.find((a) => a.backendLabel === choice);
    if (alternative) occurrences.push({ date: occurrence.date, ...alternative });
  });
  return occurrences.length > 1 ? { everyWeeks, occurrences } : null;
}

/** The booking request's series field: the occurrences after the first. */
export function bookingSeries(plan: SeriesPlan): BookingSeries {
  return {
    everyWeeks: plan.everyWeeks,
    occurrences: plan.occurrences.slice(1).map((occurrence) => {
      const [year, month, day] = occurrence.date.split("-").map(Number) as [number, number, number];
      const [hour, minute] = occurrence.backendLabel.split(":").map(Number) as [number, number];
      return { year, month, day, hour, minute };
    }),
  };
}

/** A kept plan (storage, a payment's return) only when it starts at the kept hour: else it is not this booking's series. */
export function planStartingAt<P extends SeriesPlan>(
  plan: P | null | undefined,
  hour: { date: string; backendLabel: string } | null,
): P | null {
  const first = plan?.occurrences[0];
  return plan && hour && first && first.date === hour.date && first.backendLabel === hour.backendLabel ? plan : null;
}
