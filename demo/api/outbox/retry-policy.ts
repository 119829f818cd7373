/**
 * When a message the gateway did not take is tried again: after 5 s, 30 s, 2 min,
 * 10 min, 30 min and 1 h; after the seventh attempt it is failed (about an hour and
 * three quarters of trying). Null: no more attempts.
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000] as const;

export function retryDelayMs(attemptsMade: number, delays: readonly number[] = RETRY_DELAYS_MS): number | null {
  return attemptsMade >= 1 && attemptsMade <= delays.length ? delays[attemptsMade - 1]! : null;
}
