/**
 * The reference API's one notion of "now". Every rule that depends on the time (the
 * slots still offered, today's date, code and hold lifetimes, lock-out windows, whether
 * an appointment can still be cancelled) asks the clock once per request; no query
 * uses the database's own now(). Tests and `FIXED_NOW` pin it to one instant, so
 * their expectations do not depend on when they run.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The machine's real time, for what is about running the process rather than about
 * bookings: when a message's delivery lease ends or its retry is due, how often a
 * warning repeats. Never pinned by FIXED_NOW (a pinned clock would stop retries).
 */
export const wallClock: Clock = { now: () => new Date() };

/** A clock that stands still at `instant` until it is moved (tests: a hold lapsing, a lock-out ending). */
export function fixedClock(instant: Date | string) {
  let current = parseInstant(instant, "instant");
  return {
    now: () => new Date(current.getTime()),
    set(next: Date | string) {
      current = parseInstant(next, "instant");
    },
    advanceMinutes(minutes: number) {
      current = new Date(current.getTime() + minutes * 60_000);
    },
  };
}

export type FixedClock = ReturnType<typeof fixedClock>;

/**
 * An ISO 8601 instant with its offset (2026-03-08T06:59:00Z); anything else throws
 * naming `name`, so a mistyped FIXED_NOW stops start-up instead of running on the real clock.
 */
export function parseInstant(value: Date | string, name: string): Date {
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  const hasOffset = typeof value !== "string" || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value);
  if (!hasOffset || Number.isNaN(date.getTime())) {
    throw new Error(
      `${name} must be an ISO 8601 instant with an offset, such as 2026-03-08T06:59:00Z (got ${JSON.stringify(String(value))})`,
    );
  }
  return date;
}

/** `npm start`'s clock: the system's, or standing still at FIXED_NOW (for browser tests and demos of a given day). */
export function clockFromEnvironment(fixedNow: string | undefined): Clock {
  return fixedNow ? fixedClock(parseInstant(fixedNow, "FIXED_NOW")) : systemClock;
}
