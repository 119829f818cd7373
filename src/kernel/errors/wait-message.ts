import type { MessageDescriptor } from "@lingui/core";
import { isApiError } from "../../api/errors.ts";
import { now } from "../../time/now.ts";

/** The limits' words (spec §8 "Too many attempts"), with or without the minutes to wait. */
export const waitMessages = {
  tooManyAttempts: /*i18n*/ { id: "account.tooManyAttempts", message: "Too many attempts. Please wait a few minutes and try again." },
  waitMinutes: /*i18n*/ {
    id: "account.waitMinutes",
    message: "Too many attempts. Wait {minutes, plural, one {# minute} other {# minutes}} and try again.",
  },
};

/**
 * What a lock-out or rate limit (429) tells the visitor: how many minutes to wait when the
 * API said it (Retry-After), else to wait a few minutes.
 */
export function waitMessage(error: unknown): MessageDescriptor {
  const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
  if (seconds === undefined) return waitMessages.tooManyAttempts;
  return { ...waitMessages.waitMinutes, values: { minutes: Math.max(1, Math.ceil(seconds / 60)) } };
}

/** The minutes a 429 asks to wait (Retry-After, rounded up), or 15 when the API did not say. */
export function waitMinutes(error: unknown): number {
  const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
  return seconds === undefined ? 15 : Math.max(1, Math.ceil(seconds / 60));
}

/** When a lock-out (429) ends, on the clock of `now`; undefined when the API did not say. */
export function lockedUntil(error: unknown, at: number = now().getTime()): number | undefined {
  const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
  return seconds === undefined ? undefined : at + seconds * 1000;
}
