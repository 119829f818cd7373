import type { Queryable } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import { backoffMs } from "../workers/batch-worker.ts";

/** At most `max` events per key in a window of `windowMs`, counted in memory first and shared in batches (batchedCounts). */
export interface WindowLimit {
  /** What is counted and by what ("read:address"); the counter's namespace in rate_counters. */
  scope: string;
  max: number;
  windowMs: number;
}

export interface BatchedCountsOptions {
  /** Where the processes share their counts (rate_counters): the primary, never a replica. */
  db: Queryable;
  logger: Logger;
  /** The windows' clock: the machine's time (tests move it), never FIXED_NOW's, which stands still. */
  wallClock: () => Date;
  /** At most this many keys in memory (see `take`). */
  maxEntries?: number;
}

/** One key's window in this process. */
interface Entry {
  limit: WindowLimit;
  key: string;
  startedAt: number;
  /** The processes' total as the database last answered it (this process's flushed counts included). */
  shared: number;
  /** Sent to the database, its answer not back yet. */
  sending: number;
  /** Counted here, not sent yet. */
  pending: number;
  /** Flushed in this window: every later count is shared too. */
  flushed: boolean;
  /** Used since the last sweep (see sweep). */
  used: boolean;
}

/** Keys in memory by default: about 200 bytes each, a few megabytes at most. */
const MAX_ENTRIES = 10_000;
/** How often counts go to the database while the loop runs. */
export const FLUSH_EVERY_MS = 250;
/** Keys written per statement. */
const BATCH = 500;

/**
 * Limits counted across processes without a database write per event (issue 58's reads).
 * Each process counts at once in memory, so a flood from one address is refused within
 * its first burst without any database work, and a refusal never touches the database.
 * Every FLUSH_EVERY_MS (and at once when a key's unsent count reaches a quarter of its
 * limit) the counts go to the shared rate_counters rows in one statement per batch, which
 * answers each row's total: a key's decision is that total plus what this process has
 * not sent yet. A key that stays under a tenth of its limit in one process is never
 * written at all (an honest visitor costs the database nothing): across P processes it
 * lets through at most P tenths more before the total is shared.
 *
 * Memory is bounded: at most `maxEntries` keys, the oldest unused first out (a flood's
 * own keys stay, as each request uses them); a key waiting to be sent is
 * never dropped, and when no other key can go, a new key is not counted (its network's
 * key, counted beside it, still is). A database that fails keeps the counts here; they
 * are sent again, less often while it fails.
 */
export function batchedCounts({ db, logger, wallClock, maxEntries = MAX_ENTRIES }: BatchedCountsOptions) {
  const entries = new Map<string, Entry>();
  let flushing: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let failures = 0;
  // After a sweep that freed nothing, none until the next flush: a full table of unsent keys is not scanned per request.
  let sweepBlocked = false;

  const shareFrom = (limit: WindowLimit) => Math.max(1, Math.floor(limit.max / 10));
  const toSend = (entry: Entry) =>
    entry.pending > 0 && (entry.flushed || entry.shared + entry.sending + entry.pending >= shareFrom(entry.limit));

  /**
   * Frees room for new keys, oldest first: expired ones, and those that wait for nothing
   * and were not used since the last sweep (a second chance, as a clock cache gives: a
   * flood's own keys, used by every request, stay).
   */
  const sweep = (at: number) => {
    if (sweepBlocked) return;
    const room = Math.max(1, Math.floor(maxEntries / 10));
    let freed = 0;
    let looked = 0;
    for (const [id, entry] of entries) {
      if (freed >= room || looked++ >= room * 4) break;
      const expired = entry.startedAt + entry.limit.windowMs <= at;
      if (entry.sending > 0 || (!expired && toSend(entry))) continue;
      if (!expired && entry.used) entry.used = false;
      else {
        entries.delete(id);
        freed += 1;
      }
    }
    if (freed === 0) sweepBlocked = true;
  };

  /** The key's current window (a new one after the last ended); undefined when memory is full. */
  const entryOf = (limit: WindowLimit, key: string, at: number): Entry | undefined => {
    const id = `${limit.scope}\u0000${key}`;
    const found = entries.get(id);
    if (found && (found.startedAt + limit.windowMs > at || found.sending > 0)) {
      found.used = true;
      return found;
    }
    // (Deleted and set again only once a window: a Map re-set per request slows V8's Map down to a crawl.)
    if (found) entries.delete(id);
    if (entries.size >= maxEntries) sweep(at);
    if (entries.size >= maxEntries) return undefined;
    const fresh: Entry = { limit, key, startedAt: at, shared: 0, sending: 0, pending: 0, flushed: false, used: false };
    entries.set(id, fresh);
    return fresh;
  };

  /** Adds the batch's counts to their rows (a row whose window ended starts again with them) and takes each row's total back. */
  const send = async (part: Entry[], windowMs: number, at: Date) => {
    const rows = await db.query<{ scope: string; key: string; count: number; windowStartedAt: Date | string }>(
      `INSERT INTO rate_counters (scope, key, count, window_started_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[])
       ON CONFLICT (scope, key) DO UPDATE SET
         count = CASE WHEN rate_counters.window_started_at > $5::timestamptz - make_interval(secs => $6)
                      THEN rate_counters.count + excluded.count ELSE excluded.count END,
         window_started_at = CASE WHEN rate_counters.window_started_at > $5::timestamptz - make_interval(secs => $6)
                                  THEN rate_counters.window_started_at ELSE excluded.window_started_at END
       RETURNING scope, key, count, window_started_at AS "windowStartedAt"`,
      [
        part.map((entry) => entry.limit.scope),
        part.map((entry) => entry.key),
        part.map((entry) => entry.sending),
        // A window written first now began with its first count here, not with this flush.
        part.map((entry) => new Date(entry.startedAt).toISOString()),
        at,
        windowMs / 1000,
      ],
    );
    const answered = new Map(rows.map((row) => [`${row.scope}\u0000${row.key}`, row]));
    for (const entry of part) {
      const row = answered.get(`${entry.limit.scope}\u0000${entry.key}`);
      if (!row) continue;
      entry.shared = row.count;
      entry.sending = 0;
      entry.flushed = true;
      entry.startedAt = new Date(row.windowStartedAt).getTime();
    }
  };

  const flushOnce = async () => {
    sweepBlocked = false;
    const at = wallClock();
    const batch = [...entries.values()].filter(toSend).sort((a, b) => compare(a.limit.scope, b.limit.scope) || compare(a.key, b.key));
    for (const entry of batch) {
      entry.sending = entry.pending;
      entry.pending = 0;
    }
    try {
      // Sorted, so that two processes lock the same rows in the same order (no deadlock); one statement per window length.
      for (const windowMs of new Set(batch.map((entry) => entry.limit.windowMs))) {
        const sameWindow = batch.filter((entry) => entry.limit.windowMs === windowMs);
        for (let from = 0; from < sameWindow.length; from += BATCH) await send(sameWindow.slice(from, from + BATCH), windowMs, at);
      }
      failures = 0;
    } catch (error) {
      failures += 1;
      logger.error("read counts flush failed", { error: String(error), failuresInARow: failures });
    } finally {
      // What did not get through is sent again with the next flush.
      for (const entry of batch) {
        entry.pending += entry.sending;
        entry.sending = 0;
      }
    }
  };

  const flush = (): Promise<void> => {
    flushing ??= flushOnce().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  const loop = (delayMs: number) => {
    if (!running) return;
    timer = setTimeout(async () => {
      await flush();
      loop(backoffMs(FLUSH_EVERY_MS, failures));
    }, delayMs);
    // A test process (or a server stopping) is not kept alive by the loop.
    timer.unref?.();
  };

  return {
    /**
     * Counts one event against each limit for its key, unless one of them is full: then
     * nothing is counted (a refused request costs no one's share) and the answer names
     * the first full limit and the seconds left of its window.
     */
    take(counted: readonly (readonly [WindowLimit, string])[]): { limit: WindowLimit; secondsLeft: number } | undefined {
      const at = wallClock().getTime();
      const found = counted.map(([limit, key]) => entryOf(limit, key, at));
      for (const entry of found) {
        if (entry && entry.shared + entry.sending + entry.pending >= entry.limit.max) {
          return { limit: entry.limit, secondsLeft: Math.max(1, Math.ceil((entry.startedAt + entry.limit.windowMs - at) / 1000)) };
        }
      }
      let soon = false;
      for (const entry of found) {
        if (!entry) continue;
        entry.pending += 1;
        if (entry.pending >= Math.max(1, Math.floor(entry.limit.max / 4)) && toSend(entry)) soon = true;
      }
      // A burst is shared before the next tick (only while the loop runs: tests flush when they say).
      if (soon && running && !flushing && failures === 0) void flush();
      return undefined;
    },
    /** Sends what is counted here now, and learns the processes' totals (tests; the loop's pass). */
    flush,
    /** Flushes every FLUSH_EVERY_MS until stopped (less often while the database fails). */
    start() {
      if (running) return;
      running = true;
      loop(FLUSH_EVERY_MS);
    },
    /** Stops the loop and waits for the flush under way. */
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      await flushing;
    },
    /** Forgets every count in memory (a test's reset, after the rows went). */
    forget() {
      entries.clear();
    },
    /** Keys in memory. */
    get size() {
      return entries.size;
    },
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export type BatchedCounts = ReturnType<typeof batchedCounts>;
