import type { Database, Queryable } from "./database.ts";

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
  if (!inMemory) {
    const { mkdir } = await import("node:fs/promises");
    await mkdir(dataDir, { recursive: true });
  }
  const db = new PGlite({ ...(inMemory ? {} : { dataDir }), extensions: { btree_gist } });
  await db.waitReady;
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
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
  };
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
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
    close: () => pool.end(),
  };
}
