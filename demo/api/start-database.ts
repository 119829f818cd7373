import type { Clock } from "./clock.ts";
import { systemClock } from "./clock.ts";
import type { Database } from "./db/database.ts";
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
}

/** Opens the database, applies pending migrations and, when given a seed, seeds it when empty. */
export async function startDatabase(options: StartDatabaseOptions): Promise<Database> {
  // A bad fixture stops start-up before any database is touched.
  const fixture = options.seed === undefined ? undefined : parseFixture(options.seed);
  const db = await openDatabase(options);
  try {
    await migrate(db);
    if (fixture) await seedIfEmpty(db, fixture, (options.clock ?? systemClock).now());
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
