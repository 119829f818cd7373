import { dateFormat } from "../i18n/intl-formats.ts";
import { intlTag, type Locale } from "../i18n/locale.ts";
import type { YearMonth } from "./calendar-model.ts";

/** English calendars start on Sunday; Norwegian and Spanish ones on Monday. */
export const weekStartOf = (locale: Locale): 0 | 1 => (locale === "en" ? 0 : 1);

// Calendar dates are formatted at noon UTC with timeZone UTC: a date, not an instant.
const noonUtc = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

/**
 * "November 2026" / "November 2026" / "Noviembre de 2026": a heading, so its first letter
 * is capital (Norwegian and Spanish months are lower case); not CSS capitalize, which
 * capitalised every word ("Diciembre De 2026").
 */
export const monthTitle = ({ year, month }: YearMonth, locale: Locale) => {
  const title = dateFormat(intlTag(locale), { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, month - 1, 15, 12));
  return title.charAt(0).toLocaleUpperCase(intlTag(locale)) + title.slice(1);
};

/** "Monday, November 23" in the widget's language. */
export const longDate = (isoDate: string, locale: Locale) =>
  dateFormat(intlTag(locale), { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(noonUtc(isoDate));

/** "Thursday, November 26, 2026": a calendar day's full name, as a screen reader reads it. */
export const fullDate = (isoDate: string, locale: Locale) =>
  dateFormat(intlTag(locale), { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    noonUtc(isoDate),
  );

/** Weekday names (short and long) in calendar order, from the week's first day. */
export function weekdayNames(locale: Locale): { short: string; long: string }[] {
  const start = weekStartOf(locale);
  // 2026-11-01 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = noonUtc(`2026-11-0${1 + ((start + i) % 7)}`);
    return {
      short: dateFormat(intlTag(locale), { weekday: "short", timeZone: "UTC" }).format(date),
      long: dateFormat(intlTag(locale), { weekday: "long", timeZone: "UTC" }).format(date),
    };
  });
}
