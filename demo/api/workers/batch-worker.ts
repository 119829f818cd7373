import type { Database } from "../db/database.ts";
import type { Logger } from "../logger.ts";

/**
 * The loop of a worker that claims a batch of due rows and works them off (the outbox's
 * deliveries, the refunds): `runOnce` makes one pass (a call while one runs joins it),
 * `start` makes one every `intervalMs`, and at once again after a full batch (more may be
 * waiting); `stop` stops asking and waits for the pass under way, whose outcomes are
 * recorded. A pass that throws is logged as `<name> pass failed` and the loop goes on,
 * waiting twice as long after each failure in a row (backoffMs), back to the interval
 * after a pass that works.
 */
export function batchWorker<Outcome extends { [Kind in keyof Outcome]: number }>(
  pass: () => Promise<Outcome>,
  { name, batchSize, logger }: { name: string; batchSize: number; logger: Logger },
) {
  let running: Promise<Outcome> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = true;

  const runOnce = (): Promise<Outcome> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  // Passes failed in a row: each doubles the wait (a database down or failing over is not asked every interval).
  let failures = 0;
  const loop = (delayMs: number, intervalMs: number) => {
    if (stopped) return;
    timer = setTimeout(async () => {
      let full = false;
      try {
        const outcome = await runOnce();
        full = Object.values<number>(outcome).reduce((sum, count) => sum + count, 0) >= batchSize;
        failures = 0;
      } catch (error) {
        failures += 1;
        logger.error(`${name} pass failed`, { error: String(error), failuresInARow: failures });
      }
      loop(full ? 0 : backoffMs(intervalMs, failures), intervalMs);
    }, delayMs);
  };

  return {
    runOnce,
    start(intervalMs: number) {
      if (!stopped) return;
      stopped = false;
      loop(0, intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

/** The wait before the next pass: the interval, doubled for each failure in a row, at most MAX_BACKOFF_MS (never below the interval). */
export function backoffMs(intervalMs: number, failuresInARow: number): number {
  if (failuresInARow <= 0) return intervalMs;
  return Math.max(intervalMs, Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** failuresInARow));
}

export const MAX_BACKOFF_MS = 30_000;

/**
 * The pass of a worker that claims rows: claims what is due, attempts every row at once,
 * and counts how each attempt ended (every kind in `kinds`, 0 when none ended so).
 */
export function claimedRowsPass<Row, Kind extends string>(
  claim: () => Promise<Row[]>,
  attempt: (row: Row) => Promise<Kind>,
  kinds: readonly NoInfer<Kind>[],
): () => Promise<Record<Kind, number>> {
  return async () => {
    const outcome = Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<Kind, number>;
    for (const result of await Promise.all((await claim()).map(attempt))) outcome[result] += 1;
    return outcome;
  };
}

/** What every claiming worker (the outbox's, the captures', the refunds') is built from. */
export interface ClaimingWorkerOptions {
  db: Database;
  logger: Logger;
  /** The waits between attempts (retry-policy.ts); after the last, the row is failed. */
  retryDelaysMs?: readonly number[];
  /** How long a claim keeps other processes off a row; longer than an attempt, so that only a dead process's rows are taken over. */
  leaseMs?: number;
  /** The wall clock for claims and retries (never the API's business clock, which tests and FIXED_NOW pin). */
  wallClock?: () => Date;
  /** Rows claimed and attempted at once (in parallel). */
  batchSize?: number;
}
