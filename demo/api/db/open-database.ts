import type { Database, Queryable } from "./database.ts";
import { DatabaseUnavailable, isDatabaseUnavailable } from "./database-unavailable.ts";
import { type DatabaseAddress, parseDatabaseUrl } from "./database-url.ts";
import { lockFolder } from "./folder-lock.ts";
import { migrate, migrationsFingerprint } from "./migrate.ts";
import { migratedClusterImage } from "./pglite-image.ts";

export interface DatabaseOptions {
  /** postgres://… : use a PostgreSQL server instead of PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; ":memory:" (or undefined) keeps everything in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL: connect once at start and fail there, with the reason (default); a read replica is not awaited. */
  probe?: boolean;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.probe ?? true);
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

async function openPostgres(databaseUrl: string, probeAtStart: boolean): Promise<Database> {
  const { default: pg } = await import("pg");
  const address = parseDatabaseUrl(databaseUrl);
  const pool = new pg.Pool({
    connectionString: address.url,
    max: POOL_SIZE,
    // A request waits this long for a connection of the pool (under load, its turn), then is
    // answered 503 (app.ts); opening one connection has CONNECT_TIMEOUT_MS (targetClient).
    connectionTimeoutMillis: QUERY_TIMEOUT_MS,
    // A statement with no answer by then (a server that hangs, a commit that waits for a
    // standby that is gone) is given up, and its connection with it: the request is answered 503.
    query_timeout: QUERY_TIMEOUT_MS,
    // Dead peers (a primary gone without a word) are noticed on idle connections too.
    keepAlive: true,
    Client: targetClient(pg.Client, address),
  });
  // An idle connection the server ends (a restart, a failover, a dropped database) is an
  // 'error' event on the pool; unheard, it would crash the process. The pool discards the
  // connection and opens a new one on the next query.
  pool.on("error", (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // Fail at start-up, with the reason, rather than on the first request.
  if (probeAtStart) (await connect(pool, address.hosts.length)).release();
  return {
    kind: "postgres",
    async query(sql, params) {
      return withClient(pool, address.hosts.length, async (client) => (await client.query(sql, params as unknown[])).rows);
    },
    async exec(sql) {
      await withClient(pool, address.hosts.length, (client) => client.query(sql));
    },
    transaction: (work) =>
      withClient(pool, address.hosts.length, async (client) => {
        await client.query("BEGIN");
        try {
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
          // On a broken connection the ROLLBACK fails too: the error that broke it is the answer.
          await client.query("ROLLBACK").catch(() => undefined);
          throw error;
        }
      }),
    close: () => endPool(pool),
  };
}

/** Connections per API process; PgBouncer in front multiplexes many processes' onto few server ones. */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE) || 10;
const CONNECT_TIMEOUT_MS = 5000;
/** Longer than any statement of a request, lock waits under a thousand parallel bookings included. */
const QUERY_TIMEOUT_MS = 1000 * (Number(process.env.DATABASE_QUERY_TIMEOUT_SECONDS) || 30);

type Pool = import("pg").Pool;
type PoolClient = import("pg").PoolClient;
type PgClient = import("pg").Client;

/**
 * A connection from the pool for `use`, given back after. While it is out of the pool
 * nothing else listens for its 'error' event (a connection the server drops between two
 * queries of a transaction): heard here, so that it rejects the query and never crashes
 * the process, and the broken connection is destroyed rather than given back.
 */
async function withClient<T>(pool: Pool, hosts: number, use: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await connect(pool, hosts);
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on("error", onError);
  try {
    return await use(client);
  } catch (error) {
    broken ??= isDatabaseUnavailable(error) ? (error as Error) : undefined;
    throw error;
  } finally {
    client.removeListener("error", onError);
    client.release(broken ?? false);
  }
}

/** A connection; with several hosts, a refused one is tried again once per host (each try goes to the next). */
async function connect(pool: Pool, hosts: number): Promise<PoolClient> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (error) {
      if (attempt >= hosts || !isDatabaseUnavailable(error)) throw error;
    }
  }
}

/**
 * The pool's client class: a new connection is given up after CONNECT_TIMEOUT_MS. For a
 * multi-host or read-write DATABASE_URL, each new
 * connection goes to the host that last answered as wanted; after it connects, a
 * read-write target checks that the server accepts writes (a promoted standby does, the
 * old primary back as a standby does not). A refused or read-only host passes the turn
 * to the next one in the list, so a failover is found within one try per host.
 */
function targetClient(Client: typeof import("pg").Client, address: DatabaseAddress): typeof import("pg").Client {
  let current = 0;
  const next = (from: number) => {
    if (current === from) current = (from + 1) % address.hosts.length;
  };
  return class TargetClient extends Client {
    readonly #index: number;
    constructor(config?: string | import("pg").ClientConfig) {
      // A server that does not answer a new connection within this is as good as down.
      super({ ...(typeof config === "string" ? { connectionString: config } : config), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      this.#index = current;
      const { host, port } = address.hosts[current] ?? { host: this.host, port: this.port };
      this.host = host;
      this.port = port;
      // connectionParameters is not in pg's types; the cancel request and SSL's server name read it.
      Object.assign((this as unknown as { connectionParameters: object }).connectionParameters, { host, port });
    }
    override connect(): Promise<PgClient>;
    override connect(callback: ((error: Error) => void) | ((error: null, client: PgClient) => void)): void;
    override connect(callback?: ((error: Error) => void) | ((error: null, client: PgClient) => void)): Promise<PgClient> | undefined {
      const connected = super.connect().then(async () => {
        if (!address.readWrite) return this;
        // Until the pool takes it, a drop of this connection is heard here (else it would crash the process).
        const ignore = () => {};
        this.on("error", ignore);
        try {
          const [row] = (await this.query<{ read_only: string }>("SELECT current_setting('transaction_read_only') AS read_only")).rows;
          if (row?.read_only === "on") {
            await this.end().catch(() => undefined);
            throw new DatabaseUnavailable(`${this.host}:${this.port} accepts no writes (a standby)`);
          }
        } finally {
          this.removeListener("error", ignore);
        }
        return this;
      });
      const chosen = connected.catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) next(this.#index);
        throw error;
      });
      if (!callback) return chosen;
      const done = callback as (error: Error | null, client?: PgClient) => void;
      chosen.then((client) => done(null, client), done);
      return undefined;
    }
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
