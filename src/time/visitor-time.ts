import { zoneCityIn } from "../i18n/zones/zone-city-names.ts";
import { formatClock } from "../contract/format-date-time.ts";
import { fromZoned, toZoned, weekdayOf } from "../contract/zoned-time.ts";
import { offsetMinutes } from "./time-zone-note.ts";

/** One offered time in both zones: the provider's wall clock and the visitor's. */
export interface TwoZoneTime {
  provider: string;
  visitor: string;
}

/** Which zone's clock a time is shown in first (the time step's control; bookings always keep the provider's). */
export type ZoneLead = "provider" | "visitor";

/**
 * A provider-zone time as the visitor's clock shows it too, or null when their clocks
 * agree at that moment (no second time to show). The visitor's time names its weekday
 * when it falls on another date ("Tue 01:00"): `weekdays` are the visitor's language's
 * short day names, Sunday first.
 */
export function twoZoneTime(
  hour: { date: string; backendLabel: string },
  providerZone: string,
  visitorZone: string,
  timeFormat: string | null | undefined,
  weekdays: readonly string[],
): TwoZoneTime | null {
  const instant = fromZoned(hour.date, hour.backendLabel, providerZone);
  if (providerZone === visitorZone || offsetMinutes(providerZone, instant) === offsetMinutes(visitorZone, instant)) return null;
  const [hours, minutes] = hour.backendLabel.split(":").map(Number) as [number, number];
  const theirs = toZoned(instant, visitorZone);
  const clock = formatClock(theirs.hour, theirs.minute, timeFormat);
  return {
    provider: formatClock(hours, minutes, timeFormat),
    visitor: theirs.isoDate === hour.date ? clock : `${weekdays[weekdayOf(theirs.isoDate)]} ${clock}`,
  };
}

const weekdayNames = new Map<string, string[]>();

/** The visitor's language's short weekday names, Sunday first (made once per language, with one formatter: seven cost ~15 ms on a slow phone). */
export function shortWeekdays(locale: string): string[] {
  let names = weekdayNames.get(locale);
  if (!names) {
    const format = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
    names = Array.from({ length: 7 }, (_, day) => format.format(new Date(Date.UTC(2023, 0, 1 + day))));
    weekdayNames.set(locale, names);
  }
  return names;
}

/**
 * The city of an IANA zone, as a visitor reads it in `locale` ("America/Mexico_City":
 * "Mexico City", in Spanish "Ciudad de México", from the language's table: a browser's
 * own ICU data may not have such names); the zone id's city otherwise.
 */
export function zoneCity(timeZone: string, locale = "en"): string {
  return zoneCityIn(locale, timeZone) ?? timeZone.split("/").at(-1)!.replace(/_/g, " ");
}
