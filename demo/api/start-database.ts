import type { Clock } from "./clock.ts";
import { systemClock } from "./clock.ts";
import type { Database } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { openDatabase, type DatabaseOptions } from "./db/open-database.ts";
import { defaultSeed } from "./seed/default-seed.ts";
import { seedIfEmpty } from "./seed/apply-seed.ts";
import { parseFixture } from "./seed/fixture.ts";

export interface StartDatabaseOptions extends DatabaseOptions {
  /** The fixture to seed an empty database with; the demo data by default. */
  seed?: unknown;
  /** What "today" is for the seed's relative dates; the system clock by default. */
  clock?: Clock;
}

/** Opens the database, applies pending migrations and seeds it when empty. */
export async function startDatabase(options: StartDatabaseOptions): Promise<Database> {
  // A bad fixture stops start-up before any database is touched.
  const fixture = parseFixture(options.seed ?? defaultSeed);
  const db = await openDatabase(options);
  try {
    await migrate(db);
    await seedIfEmpty(db, fixture, (options.clock ?? systemClock).now());
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return db;
}
