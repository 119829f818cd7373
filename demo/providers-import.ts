import { systemClock } from "./api/clock.ts";
import { migrate } from "./api/db/migrate.ts";
import { openDatabase } from "./api/db/open-database.ts";
import { importProviders } from "./api/seed/apply-seed.ts";
import { FixtureProblem } from "./api/seed/fixture.ts";
import { readProvidersFile } from "./api/seed/read-seed-file.ts";

/**
 * `npm run providers:import -- <file.json>`: adds the booking pages of a providers file
 * (the demo seed's shape: demo/seed/demo-providers.json is one) to the database the
 * server uses (DATABASE_URL, or the PGlite folder DATA_DIR, default .data/). The file is
 * checked first; a bad field, or a booking link that exists already, refuses the whole
 * file with its line and field named, and nothing is written. The production start
 * never seeds: this is how booking pages get into its database.
 */
async function main() {
  const path = process.argv[2];
  if (!path || process.argv.length > 3) throw new Error("Usage: npm run providers:import -- <providers.json>");
  const file = await readProvidersFile(path);
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR || ".data" });
  try {
    await migrate(db);
    const links = await importProviders(db, file.fixture, systemClock.now()).catch((error: unknown) => {
      throw error instanceof FixtureProblem ? file.problem(error) : error;
    });
    console.log(`Imported ${links.length} booking page(s) from ${path}: ${links.join(", ")}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
