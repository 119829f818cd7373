import { testSeed } from "../fixtures/test-seed.ts";
import { addDays, fromZoned, todayIn, toZoned, weekdayOf, pad2 } from "../../src/contract/zoned-time.ts";
import { TEST_NOW } from "./test-clock.ts";

// What the tests' booking pages (tests/fixtures/test-seed.ts) offer at TEST_NOW, worked
// out from their data (opening hours, slot step, horizon) with nothing booked and nobody away, on its own
// and not with the availability engine. Tests compare the API and the widget with it,
// so their expectations are exact at whatever instant the suite runs.

type DemoPage = (typeof testSeed)["companies"][number]["providers"][number];

export function demoPage(bookingLink: string): DemoPage {
  const page = testSeed.companies.flatMap((company) => company.providers).find((p) => p.bookingLink === bookingLink);
  if (!page) throw new Error(`no demo page ${bookingLink}`);
  return page;
}

/** Today in the page's time zone at `now`. */
export const demoToday = (bookingLink: string, now: Date = TEST_NOW) => todayIn(demoPage(bookingLink).timeZone!, now);

/** The start instants an empty calendar offers on `iso` for an appointment of `minutes`. */
export function expectedStarts(bookingLink: string, iso: string, minutes: number, now: Date = TEST_NOW): Date[] {
  const page = demoPage(bookingLink);
  const zone = page.timeZone!;
  const today = todayIn(zone, now);
  if (iso < today || iso > addDays(today, page.maxDaysInAdvanceForBooking!)) return [];
  const starts: Date[] = [];
  for (const hours of (page.openingHours ?? []).filter((h) => h.dayOfWeek === weekdayOf(iso))) {
    const close = fromZoned(iso, hours.close, zone).getTime();
    // Steps are real minutes from opening (a daylight-saving day has more or fewer of them).
    for (
      let start = fromZoned(iso, hours.open, zone).getTime();
      start + minutes * 60_000 <= close;
      start += page.appointmentDistributionInMinutes! * 60_000
    ) {
      if (start > now.getTime()) starts.push(new Date(start));
    }
  }
  return starts;
}

/** The same starts as the API's backendLabel: HH:MM in the page's zone. */
export const expectedTimes = (bookingLink: string, iso: string, minutes: number, now: Date = TEST_NOW) =>
  expectedStarts(bookingLink, iso, minutes, now).map((start) => clockOf(start, demoPage(bookingLink).timeZone!));

export const clockOf = (instant: Date, zone: string) => {
  const zoned = toZoned(instant, zone);
  return `${pad2(zoned.hour)}:${pad2(zoned.minute)}`;
};

/** The first day from today with any start for `minutes`, and its times (HH:MM). */
export function expectedFirstDay(bookingLink: string, minutes: number, now: Date = TEST_NOW, from = demoToday(bookingLink, now)) {
  for (let iso = from, i = 0; i < 370; iso = addDays(iso, 1), i++) {
    const times = expectedTimes(bookingLink, iso, minutes, now);
    if (times.length > 0) return { iso, times };
  }
  throw new Error(`${bookingLink} offers nothing for ${minutes} minutes`);
}

/** How the English widget names a day relative to the page's today (first-available and next-available labels). */
export function englishDayName(bookingLink: string, iso: string, now: Date = TEST_NOW): string {
  const today = demoToday(bookingLink, now);
  const words: Record<string, string> = {
    [today]: "today",
    [addDays(today, 1)]: "tomorrow",
    [addDays(today, 2)]: "the day after tomorrow",
  };
  return words[iso] ?? dottedDate(iso);
}

/** dd.mm.yyyy, as the widget writes a date. */
export function dottedDate(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `${day}.${month}.${year}`;
}

/** 9:15 AM, as a 12-hour page shows a time. */
export function twelveHourClock(instant: Date, zone: string): string {
  const zoned = toZoned(instant, zone);
  return `${zoned.hour % 12 || 12}:${pad2(zoned.minute)} ${zoned.hour < 12 ? "AM" : "PM"}`;
}
