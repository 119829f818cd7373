import { type Clock, wallClock } from "../clock.ts";
import type { Database, Queryable } from "./database.ts";
import { isDatabaseUnavailable } from "./database-unavailable.ts";
import { keptSamples, parseLsn, replicaLagSeconds, type WalSample } from "./replica-lag.ts";

/** What the reads that tolerate a little lag are served from, and why (readiness and metrics say it). */
export type ReplicaState =
  | { state: "none" }
  | { state: "in-use"; lagSeconds: number }
  | { state: "lagging"; lagSeconds: number }
  | { state: "down"; problem: string };

export interface ReadRouting {
  /** The reads that may be a little behind: the replica while it is in use, else the primary. */
  readonly reads: Queryable;
  status(): ReplicaState;
  /** Reads served, by where they went, since the start. */
  readonly served: { replica: number; primary: number };
  /** Measures the lag now and then every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  stop(): Promise<void>;
  /** One measurement (the loop's step; tests call it). */
  check(): Promise<ReplicaState>;
}

/**
 * Reads of public availability and catalogue (issue 44) go to a streaming replica
 * (DATABASE_READ_URL) while it is within `maxLagSeconds` of the primary; a replica that
 * falls further behind, or does not answer, is skipped until it has caught up again, and
 * those reads go to the primary. Every write and every check that decides (holds,
 * bookings, moves, limits, codes) stays on the primary: a time shown from a replica but
 * already taken is refused there, as any time taken since it was shown.
 */
export function readRouting(
  primary: Database,
  replica: Queryable | undefined,
  { maxLagSeconds, clock = wallClock }: { maxLagSeconds: number; clock?: Clock },
): ReadRouting {
  let state: ReplicaState = replica ? { state: "down", problem: "not measured yet" } : { state: "none" };
  let samples: WalSample[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;
  const served = { replica: 0, primary: 0 };

  const check = async (): Promise<ReplicaState> => {
    if (!replica) return state;
    // Which server did not answer: the lag is measured against the primary's position, so without it the replica is not used either.
    let asking = "the primary";
    try {
      const [{ lsn } = { lsn: "" }] = await primary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
      const sample = { at: clock.now().getTime(), lsn: parseLsn(lsn) };
      asking = "the replica";
      const [row] = await replica.query<{ replayed: string | null; recovering: boolean }>(
        "SELECT pg_last_wal_replay_lsn()::text AS replayed, pg_is_in_recovery() AS recovering",
      );
      if (!row?.recovering || !row.replayed) {
        state = { state: "down", problem: "DATABASE_READ_URL is not a streaming replica (pg_is_in_recovery() is false)" };
        return state;
      }
      const replayed = parseLsn(row.replayed);
      samples = keptSamples(samples, sample, replayed, 10 * 60_000);
      const lagSeconds = Math.round(replicaLagSeconds(samples, replayed, clock.now().getTime()) * 10) / 10;
      state = lagSeconds > maxLagSeconds ? { state: "lagging", lagSeconds } : { state: "in-use", lagSeconds };
    } catch (error) {
      state = { state: "down", problem: `${asking} did not answer: ${error instanceof Error ? error.message : String(error)}` };
    }
    return state;
  };

  const reads: Queryable = {
    async query(sql, params) {
      if (replica && state.state === "in-use") {
        try {
          const rows = await replica.query(sql, params);
          served.replica += 1;
          return rows as never[];
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          // Gone since the last measurement: this read, and the next ones until it answers again, from the primary.
          state = { state: "down", problem: (error as Error).message };
        }
      }
      served.primary += 1;
      return primary.query(sql, params);
    },
  };

  return {
    reads,
    served,
    status: () => state,
    check,
    start(intervalMs = 1000) {
      if (!replica || !stopped) return;
      stopped = false;
      const loop = async () => {
        running = check();
        await running;
        if (!stopped) timer = setTimeout(loop, intervalMs);
        timer?.unref?.();
      };
      void loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
