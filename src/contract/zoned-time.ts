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
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The wall-clock date and time of `instant` in `timeZone`. Intl's formatToParts is by far
 * the dearest step of a month's hour labels, so the zone's offset is asked of it once per
 * quarter hour (900 000 ms), at both ends: offsets change only at transitions, so the
 * same offset at both ends holds throughout; in a quarter that holds one (NaN) the
 * offset is asked at the instant's own second.
 */
export function toZoned(instant: Date, timeZone: string): ZonedParts {
  const ms = instant.getTime();
  const quarter = Math.floor(ms / 9e5) * 9e5;
  const key = timeZone + quarter;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetAt(quarter, timeZone);
    if (offset !== offsetAt(quarter + 899e3, timeZone)) offset = Number.NaN;
    // A bound on a long-running server's memory: a month of 20 zones is a few thousand quarters.
    if (offsets.size > 5e4) offsets.clear();
    offsets.set(key, offset);
  }
  // In a quarter with a transition: the offset at this very second.
  if (Number.isNaN(offset)) offset = offsetAt(Math.floor(ms / 1e3) * 1e3, timeZone);
  const wall = new Date(ms + offset);
  return {
    isoDate: `${wall.getUTCFullYear()}-${pad2(wall.getUTCMonth() + 1)}-${pad2(wall.getUTCDate())}`,
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    weekday: wall.getUTCDay(),
  };
}

const offsets = new Map<string, number>();

/** The zone's offset from UTC at `ms` (a whole second), in milliseconds. */
function offsetAt(ms: number, timeZone: string): number {
  const p: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) p[part.type] = part.value;
  return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - ms;
}

/** Minutes the zone is ahead of UTC at `instant` (Oslo in summer: 120). */
function offsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(offsetAt(Math.floor(instant.getTime() / 1e3) * 1e3, timeZone) / 60_000);
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
