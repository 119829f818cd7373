import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Database, Queryable } from "./database.ts";
import { DEMO_ROOT } from "../../demo-root.ts";

const MIGRATIONS_DIR = join(DEMO_ROOT, "api/migrations/");

/** The versioned migrations, NNN_name.sql, in name order. */
export const migrationFiles = async () => (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name)).sort();

/** The migrations this code has that the database has not applied (readiness: none). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const done = new Set((await db.query<{ version: string }>("SELECT version FROM schema_migrations")).map((r) => r.version));
  return (await migrationFiles()).filter((file) => !done.has(file));
}

/**
 * Applies the migrations this database has not seen yet, all of them in one transaction:
 * a file that fails leaves the database as it was before any of them, and the next start
 * tries again. The transaction's advisory lock keeps two API processes starting against
 * one PostgreSQL from migrating at the same time (the second waits, then finds nothing
 * left to do). Answers the files applied.
 */
export async function migrate(db: Database): Promise<string[]> {
  const files = await migrationFiles();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(727274)");
    await tx.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await tx.query<{ version: string }>("SELECT version FROM schema_migrations")).map((r) => r.version));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(join(MIGRATIONS_DIR, file), "utf8");
      await tx.exec(sql);
      await tx.query("INSERT INTO schema_migrations (version) VALUES ($1)", [file]);
      applied.push(file);
    }
  });
  return applied;
}

/** A name for this code's migrations, their file names and contents: an image of a migrated database is kept under it. */
export async function migrationsFingerprint(): Promise<string> {
  const { createHash } = await import("node:crypto");
  const hash = createHash("sha256");
  for (const file of await migrationFiles()) {
    hash
      .update(`${file}\0`)
      .update(await readFile(join(MIGRATIONS_DIR, file)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}
