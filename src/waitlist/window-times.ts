import { formatClock } from "../contract/format-date-time.ts";
import type { WorkingDay } from "../contract/schemas/index.ts";
import { pad2 } from "../contract/zoned-time.ts";

/** One choice of the waitlist's part of the day: "HH:mm" as the API takes it, and as the page shows it. */
export interface WindowTime {
  value: string;
  label: string;
}

const minutesOf = (clock: string) => {
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  return hours * 60 + minutes;
};

/** A window's "HH:mm" as the page shows it ("17:00" or "5:00 PM"): My Page's list of places says the form's times. */
export function windowTimeLabel(clock: string, timeFormat: string | null | undefined): string {
  const minutes = minutesOf(clock);
  return formatClock(Math.floor(minutes / 60), minutes % 60, timeFormat);
}

/**
 * The times a waitlist wish may start or end at: from the earliest opening to the latest
 * closing of the page's week (`working`), at the page's step, labelled in the page's time
 * format ("17:00" or "5:00 PM"). A select of these, not a native time field, whose
 * AM/PM or 24-hour face follows the browser's locale rather than the page.
 */
export function windowTimes(working: readonly WorkingDay[], step: number, timeFormat: string | null | undefined): WindowTime[] {
  if (working.length === 0) return [];
  const from = Math.min(...working.map((day) => minutesOf(day.openTime)));
  const until = Math.max(...working.map((day) => minutesOf(day.closeTime)));
  const times: WindowTime[] = [];
  for (let at = from; at <= until && at < 24 * 60; at += Math.max(step, 1)) {
    const hours = Math.floor(at / 60);
    const minutes = at % 60;
    times.push({ value: `${pad2(hours)}:${pad2(minutes)}`, label: formatClock(hours, minutes, timeFormat) });
  }
  return times;
}
