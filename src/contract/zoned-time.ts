/**
 * Wall-clock time in an IANA zone ↔ UTC instants, with Intl only (no tz library).
 * Opening hours are wall-clock times in the provider's zone; appointments are instants.
 */
export interface ZonedParts {
  /** YYYY-MM-DD in the zone. */
  isoDate: string;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The wall-clock date and time of `instant` in `timeZone`. */
export function toZoned(instant: Date, timeZone: string): ZonedParts {
  const offset = offsetMsAt(instant.getTime(), timeZone);
  if (offset === undefined) return zonedByIntl(instant, timeZone);
  const wall = new Date(instant.getTime() + offset);
  return {
    isoDate: `${wall.getUTCFullYear()}-${pad2(wall.getUTCMonth() + 1)}-${pad2(wall.getUTCDate())}`,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    weekday: wall.getUTCDay(),
  };
}

function intlParts(instant: Date, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

function zonedByIntl(instant: Date, timeZone: string): ZonedParts {
  const parts = intlParts(instant, timeZone);
  return {
    isoDate: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ""),
  };
}

/**
 * The zone's offset from UTC (milliseconds) over each quarter hour, asked of Intl once:
 * formatToParts is by far the dearest step of a month's hour labels (a month of 20
 * staff asks it thousands of times). A quarter hour whose two ends have different
 * offsets holds a transition (undefined: that instant is asked of Intl itself); offsets
 * only change at such transitions, so one that is the same at both ends holds throughout.
 */
const QUARTER_HOUR = 15 * 60_000;
const offsets = new Map<string, number | null>();

function offsetMsAt(ms: number, timeZone: string): number | undefined {
  const quarter = Math.floor(ms / QUARTER_HOUR);
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const start = intlOffsetMs(quarter * QUARTER_HOUR, timeZone);
    const end = intlOffsetMs((quarter + 1) * QUARTER_HOUR - 1000, timeZone);
    offset = start === end ? start : null;
    // A bound on memory for a long-running server: a month of 20 zones is a few thousand quarters.
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset ?? undefined;
}

function intlOffsetMs(ms: number, timeZone: string): number {
  const at = Math.floor(ms / 1000) * 1000;
  const p = intlParts(new Date(at), timeZone);
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) - at;
}

/** Minutes the zone is ahead of UTC at `instant` (Oslo in summer: 120). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const z = toZoned(instant, timeZone);
  const [y, m, d] = z.isoDate.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, z.hour, z.minute, instant.getUTCSeconds());
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/**
 * The instant of wall-clock `isoDate` `hh:mm` in `timeZone`. A time that a DST jump
 * skips resolves to the same distance after the jump; a time that occurs twice
 * resolves to its first occurrence.
 */
export function fromZoned(isoDate: string, time: string, timeZone: string): Date {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Two candidate offsets: the one before and the one after any transition nearby.
  const before = offsetMinutes(new Date(wall - 24 * 3_600_000), timeZone);
  const after = offsetMinutes(new Date(wall + 24 * 3_600_000), timeZone);
  for (const offset of [before, after]) {
    const candidate = new Date(wall - offset * 60_000);
    const z = toZoned(candidate, timeZone);
    if (z.isoDate === isoDate && z.hour === hh && z.minute === mm) return candidate;
  }
  // In a skipped hour: keep the wall-clock distance using the earlier offset.
  return new Date(wall - before * 60_000);
}

/** Calendar arithmetic on YYYY-MM-DD, free of any zone. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function weekdayOf(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}

/** Two-digit zero padding for dates and clock times. */
export const pad2 = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM-DD" for a real calendar date, or null (31 February is not one). */
export function isoDateOf(year: number, month: number, day: number): string | null {
  const iso = `${year}-${pad2(month)}-${pad2(day)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month && date.getUTCDate() === day ? iso : null;
}

/** Today's calendar date (YYYY-MM-DD) in `timeZone`, whatever the machine's own zone is. */
export function todayIn(timeZone: string, at: Date): string {
  return toZoned(at, timeZone).isoDate;
}

/** A calendar day in a zone and the instants it spans: `date` for every instant in [from, until) (ms since the epoch). */
export interface ZonedDay {
  timeZone: string;
  date: string;
  from: number;
  until: number;
}

/** The day `at` falls on in `timeZone`, with its bounds (a DST day is 23 or 25 hours long). */
export function zonedDayAround(timeZone: string, at: Date): ZonedDay {
  const date = todayIn(timeZone, at);
  return {
    timeZone,
    date,
    from: fromZoned(date, "00:00", timeZone).getTime(),
    until: fromZoned(addDays(date, 1), "00:00", timeZone).getTime(),
  };
}
