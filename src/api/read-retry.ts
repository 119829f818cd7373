import type { ApiError } from "./errors.ts";

/** How often a shed read is asked again by itself, at most: three asks in all. */
export const READ_RETRIES = 2;

/**
 * The longest Retry-After (seconds) the widget waits out by itself. The load shedding's
 * 503 asks for a second or two; a read limit's 429 may ask for 40 s, and two such waits
 * behind a spinner would be over a minute of a screen that does nothing. So a longer wait
 * is said at once, with its length (ApiErrorMessage), and the visitor decides; two waits
 * of at most 3 s keep the worst case near what a slow answer takes.
 */
export const LONGEST_WAIT_SECONDS = 3;

/** The wait when a 503 or 429 names none. */
const DEFAULT_WAIT_SECONDS = 1;

/**
 * When to ask a read again after it failed with `error`, having asked `retried` times
 * again already: in so many milliseconds, for a 503 (shed, or the service unavailable) or
 * a 429 (too many reads) whose wait is short; undefined when the failure is to be said now.
 * Only for reads (contract/read-routes.ts): a write has its own repeat, with its key
 * (keyed-call.ts).
 */
export function readRetryDelay(error: ApiError, retried: number): number | undefined {
  if (retried >= READ_RETRIES || !shed(error)) return undefined;
  const seconds = error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS;
  return seconds > LONGEST_WAIT_SECONDS ? undefined : seconds * 1000;
}

/** The API turned the call away for its load (503) or a read limit (429): the same call may be answered later. */
export const shed = (error: ApiError): boolean => error.kind === "http" && (error.status === 503 || error.status === 429);
