/**
 * When a message the gateway did not take is tried again: after 5 s, 30 s, 2 min,
 * 10 min, 30 min and 1 h; after the seventh attempt it is failed (about an hour and
 * three quarters of trying). Null: no more attempts.
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;

export function retryDelayMs(attemptsMade: number, delays: readonly number[] = RETRY_DELAYS_MS): number | null {
  return attemptsMade >= 1 && attemptsMade <= delays.length ? delays[attemptsMade - 1]! : null;
}

/** What a worker does with a row whose attempt failed (a message, a capture, a refund). */
export interface FailedAttemptEnds {
  /** No wait is left, or the failure is lasting: the row ends failed. */
  giveUp(): Promise<void>;
  /** The row is tried again at `at`, `delayMs` from now. */
  retryAt(at: Date, delayMs: number): Promise<void>;
}

/**
 * The one tail of every retrying worker: after `made` failed attempts, the row is tried
 * again after the policy's next wait, or given up when none is left (at once when the
 * failure is `lasting`: trying again could not help).
 */
export async function afterFailedAttempt(
  { made, lasting = false }: { made: number; lasting?: boolean },
  now: Date,
  delays: readonly number[],
  ends: FailedAttemptEnds,
): Promise<"retried" | "failed"> {
  const delay = lasting ? null : retryDelayMs(made, delays);
  if (delay === null) {
    await ends.giveUp();
    return "failed";
  }
  await ends.retryAt(new Date(now.getTime() + delay), delay);
  return "retried";
}
