import { intlTagOf } from "../i18n/admin-i18n.ts";

/** "torsdag 3. desember": a day as the grid names it (the date alone, read in UTC so no zone shifts it). */
export function dayName(isoDate: string, locale: string, short = false): string {
  return new Intl.DateTimeFormat(intlTagOf(locale), {
    weekday: short ? "short" : "long",
    day: "numeric",
    month: short ? "numeric" : "long",
    timeZone: "UTC",
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
