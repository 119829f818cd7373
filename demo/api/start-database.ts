import type { Clock } from "./clock.ts";
import { systemClock } from "./clock.ts";
import type { Database } from "./db/database.ts";
import { isDatabaseUnavailable } from "./db/database-unavailable.ts";
import { migrate } from "./db/migrate.ts";
import { openDatabase, type DatabaseOptions } from "./db/open-database.ts";
import { seedIfEmpty } from "./seed/apply-seed.ts";
import { parseFixture } from "./seed/fixture.ts";

export interface StartDatabaseOptions extends DatabaseOptions {
  /**
   * The fixture to seed an empty database with (the demo's, or a test's). Without one
   * nothing is seeded: a production database holds only what `npm run providers:import` put in.
   */
  seed?: unknown;
  /** What "today" is for the seed's relative dates; the system clock by default. */
  clock?: Clock;
  /**
   * How long start-up waits for a database that does not answer (an orchestrator starts
   * the API and its database together; a failover takes seconds), trying again after 1, 2,
   * 4 … seconds (at most 15): DATABASE_START_WAIT_SECONDS, 60 by default; 0 gives up at once.
   */
  waitSeconds?: number;
  /** Told before each wait (the server logs it). */
  onWait?: (wait: { attempt: number; retryInMs: number; error: string }) => void;
  /** Waits `ms` (tests pass their own: no real sleeps). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Opens the database, applies pending migrations and, when given a seed, seeds it when
 * empty. A database that does not answer (isDatabaseUnavailable) is asked again with a
 * growing wait, for `waitSeconds` in all; any other problem (a bad fixture, a failing
 * migration, a refused password) stops start-up at once.
 */
export async function startDatabase(options: StartDatabaseOptions): Promise<Database> {
  // A bad fixture stops start-up before any database is touched.
  const fixture = options.seed === undefined ? undefined : parseFixture(options.seed);
  const { waitSeconds = 0, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = options;
  let waited = 0;
  for (let attempt = 1; ; attempt++) {
    let db: Database | undefined;
    try {
      db = await openDatabase(options);
      await migrate(db);
      if (fixture) await seedIfEmpty(db, fixture, (options.clock ?? systemClock).now());
      return db;
    } catch (error) {
      await db?.close().catch(() => {});
      const retryInMs = Math.min(1000 * 2 ** (attempt - 1), 15_000, waitSeconds * 1000 - waited);
      if (!isDatabaseUnavailable(error) || retryInMs <= 0) throw error;
      options.onWait?.({ attempt, retryInMs, error: String(error) });
      await sleep(retryInMs);
      waited += retryInMs;
    }
  }
}
