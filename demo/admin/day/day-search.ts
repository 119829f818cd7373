import * as v from "valibot";
import { addDays, weekdayOf } from "booking-widget/contract";

/** What the day's address holds (?date=…&view=…&staff=…): a reload or a shared link shows the same. */
export const DAY_VIEWS = ["day", "week"] as const;
export type DayViewKind = (typeof DAY_VIEWS)[number];

export interface DaySearch {
  date: string;
  view: DayViewKind;
  /** The week view's one person (the day view shows everyone's column). */
  staff?: number | undefined;
}

const SearchSchema = v.object({
  date: v.optional(v.pipe(v.string(), v.isoDate())),
  view: v.optional(v.picklist(DAY_VIEWS)),
  staff: v.optional(v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1))),
});

/** The search params read leniently: a bad value falls back to its default rather than failing the page. */
export function daySearchOf(search: Record<string, unknown>, today: string): DaySearch {
  const pick = <T>(key: string, schema: v.GenericSchema<unknown, T>): T | undefined => {
    const result = v.safeParse(schema, search[key]);
    return result.success ? result.output : undefined;
  };
  const entries = SearchSchema.entries;
  const view = pick("view", entries.view) ?? "day";
  const staff = pick("staff", entries.staff);
  return { date: pick("date", entries.date) ?? today, view, ...(staff !== undefined ? { staff } : {}) };
}

/** The days a view shows: the date itself, or its week from Monday. */
export function daysShown({ date, view }: Pick<DaySearch, "date" | "view">): string[] {
  if (view === "day") return [date];
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The date one step back or on: a day in the day view, a week in the week view. */
export function shiftDate({ date, view }: Pick<DaySearch, "date" | "view">, steps: number): string {
  return addDays(date, steps * (view === "day" ? 1 : 7));
}
