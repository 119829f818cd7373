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

// CLDR's "time of a place" patterns ("hora de {0}", "tidssone for {0}"): Intl's short generic
// zone name is one where the language has no name of its own for the zone, and its place is
// then the city (or country) in that language. English needs none: the zone's id is English.
const PLACE_TIME = [/^hora de (.+)$/, /^tidssone for (.+)$/];
const cities = new Map<string, string>();

/**
 * The city of an IANA zone, as a visitor reads it in `locale` ("America/Mexico_City":
 * "Mexico City", in Spanish "Ciudad de México"); the zone id's city where Intl names none.
 */
export function zoneCity(timeZone: string, locale = "en"): string {
  const key = `${locale} ${timeZone}`;
  let city = cities.get(key);
  if (city === undefined) {
    city = timeZone.split("/").at(-1)!.replace(/_/g, " ");
    if (locale !== "en") {
      try {
        const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "shortGeneric" })
          .formatToParts(0)
          .find((part) => part.type === "timeZoneName")?.value;
        for (const pattern of PLACE_TIME) city = name?.match(pattern)?.[1] ?? city;
      } catch {
        // An engine without "shortGeneric": the id's city.
      }
    }
    cities.set(key, city);
  }
  return city;
}
