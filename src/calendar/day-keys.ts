import { addDays, isoDateOf, weekdayOf } from "../contract/zoned-time.ts";
import { monthOf, shiftMonth, type BookingWindow, type YearMonth } from "./calendar-model.ts";

/** The keys of the WAI-ARIA date grid; anything else is left to the browser. */
export interface DayKey {
  key: string;
  shiftKey?: boolean;
}

/** The same day `months` months on, on the month's last day when it has fewer days. */
function sameDayInMonth(isoDate: string, months: number): string {
  const { year, month } = shiftMonth(monthOf(isoDate), months);
  for (let day = Number(isoDate.slice(8)); day > 27; day -= 1) {
    const date = isoDateOf(year, month, day);
    if (date) return date;
  }
  return isoDateOf(year, month, Number(isoDate.slice(8)))!;
}

const clamp = (isoDate: string, { first, last }: BookingWindow) => (isoDate < first ? first : isoDate > last ? last : isoDate);

/**
 * Where focus goes in the calendar on a key (WAI-ARIA date-grid pattern): arrows by day
 * and week, Home/End to the week's first/last day, PageUp/PageDown by month (with Shift
 * by year). Never outside the booking window; null for a key the grid does not use.
 */
export function dayForKey({ key, shiftKey = false }: DayKey, from: string, weekStartsOn: 0 | 1, window: BookingWindow): string | null {
  const intoWeek = (weekdayOf(from) - weekStartsOn + 7) % 7;
  const target = (() => {
    switch (key) {
      case "ArrowLeft":
        return addDays(from, -1);
      case "ArrowRight":
        return addDays(from, 1);
      case "ArrowUp":
        return addDays(from, -7);
      case "ArrowDown":
        return addDays(from, 7);
      case "Home":
        return addDays(from, -intoWeek);
      case "End":
        return addDays(from, 6 - intoWeek);
      case "PageUp":
        return sameDayInMonth(from, shiftKey ? -12 : -1);
      case "PageDown":
        return sameDayInMonth(from, shiftKey ? 12 : 1);
      default:
        return null;
    }
  })();
  return target === null ? null : clamp(target, window);
}

/**
 * The month's one Tab stop: the first of `preferred` (the day focus was on, the selected
 * day, today) shown in this month and inside the window, else the month's first bookable day.
 */
export function tabStopDay(month: YearMonth, window: BookingWindow, preferred: readonly (string | null | undefined)[]): string {
  const inMonth = (isoDate: string) => monthOf(isoDate).year === month.year && monthOf(isoDate).month === month.month;
  const found = preferred.find((isoDate): isoDate is string => !!isoDate && inMonth(isoDate) && clamp(isoDate, window) === isoDate);
  return found ?? clamp(isoDateOf(month.year, month.month, 1)!, window);
}
