import type { Database, Queryable } from "./database.ts";
import { lockFolder } from "./folder-lock.ts";
import { migrate, migrationsFingerprint } from "./migrate.ts";
import { migratedClusterImage } from "./pglite-image.ts";

export interface DatabaseOptions {
  /** postgres://… : use a PostgreSQL server instead of PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; ":memory:" (or undefined) keeps everything in memory. */
  dataDir?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  // btree_gist backs the appointments' no-overlap exclusion constraint.
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const inMemory = !dataDir || dataDir === ":memory:";
  let unlock = () => {};
  if (!inMemory) {
    const { mkdir } = await import("node:fs/promises");
    await mkdir(dataDir, { recursive: true });
    unlock = lockFolder(dataDir);
  }
  // In memory, or a new folder: from an image of a fresh cluster with this code's
  // migrations applied (pglite-image.ts), seconds faster than initdb and migrating.
  const { existsSync } = await import("node:fs");
  const fresh = inMemory || !existsSync(`${dataDir}/PG_VERSION`);
  const image = fresh
    ? await migratedClusterImage(await migrationsFingerprint(), async () => {
        const blank = new PGlite({ extensions: { btree_gist } });
        try {
          await blank.waitReady;
          await migrate(pgliteDatabase(blank, () => {}));
          return await blank.dumpDataDir("none");
        } finally {
          await blank.close();
        }
      })
    : undefined;
  let db = new PGlite({ ...(inMemory ? {} : { dataDir }), ...(image ? { loadDataDir: image } : {}), extensions: { btree_gist } });
  await db.waitReady.catch(async (error: unknown) => {
    // A folder half written from a damaged image is not opened again: the start fails, saying why.
    if (!image || !inMemory) {
      unlock();
      throw error;
    }
    // A damaged image costs the time it was meant to save, nothing more.
    db = new PGlite({ extensions: { btree_gist } });
    await db.waitReady;
  });
  return pgliteDatabase(db, unlock);
}

function pgliteDatabase(db: import("@electric-sql/pglite").PGlite, unlock: () => void): Database {
  const wrap = (q: { query: typeof db.query }): Queryable => ({
    async query(sql, params) {
      const result = await q.query(sql, params);
      return result.rows as never[];
    },
  });
  return {
    kind: "pglite",
    ...wrap(db),
    async exec(sql) {
      await db.exec(sql);
    },
    transaction: (work) => db.transaction((tx) => work({ ...wrap(tx), exec: async (sql) => void (await tx.exec(sql)) })),
    close: async () => {
      await db.close();
      unlock();
    },
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection the server ends (a restart, a dropped database) is an 'error'
  // event on the pool; unheard, it would crash the process. The pool discards the
  // connection and opens a new one on the next query.
  pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // Fail at start-up, with the reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: "postgres",
    async query(sql, params) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work({
          async query(sql, params) {
            return (await client.query(sql, params as unknown[])).rows;
          },
          // Without parameters, pg sends a simple query: several statements at once.
          async exec(sql) {
            await client.query(sql);
          },
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => endPool(pool),
  };
}

/**
 * pool.end() resolves once it has asked every connection to close, not once they have
 * closed; wait for each 'remove' so that nothing is still talking to the server after
 * (a connection that fails while opening is never 'removed', hence the time limit).
 */
async function endPool(pool: import("pg").Pool): Promise<void> {
  let open = pool.totalCount;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open === 0) resolve();
    });
    timer = setTimeout(resolve, 5000);
  });
  await pool.end();
  await closed;
  clearTimeout(timer);
}
