import type { MessageDescriptor } from "@lingui/core";
import { isApiError } from "../api/errors.ts";
import { now } from "../time/now.ts";
import { accountMessages } from "../customer/account-messages.ts";

/**
 * What a lock-out or rate limit (429) tells the visitor: how many minutes to wait when the
 * API said it (Retry-After), else to wait a few minutes.
 */
export function waitMessage(error: unknown): MessageDescriptor {
  const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
  if (seconds === undefined) return accountMessages.tooManyAttempts;
  return { ...accountMessages.waitMinutes, values: { minutes: Math.max(1, Math.ceil(seconds / 60)) } };
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
