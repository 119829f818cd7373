import { Hono } from "hono";
import { type ApiOptions, createApi } from "../../demo/api/app.ts";
import { fixedClock, type FixedClock } from "../../demo/api/clock.ts";
import type { Database } from "../../demo/api/db/database.ts";
import { silentLogger, type Logger } from "../../demo/api/logger.ts";
import { DEMO_SECRET } from "../../demo/api/secrets/server-keys.ts";
import { apiMetrics } from "../../demo/api/operations/metrics.ts";
import { openDatabase } from "../../demo/api/db/open-database.ts";
import { startDatabase } from "../../demo/api/start-database.ts";
import { createTestDatabase, postgresUrlFromVitest } from "./postgres-database.ts";
import { testSeed } from "../fixtures/test-seed.ts";
import { TEST_NOW } from "./test-clock.ts";

export const TEST_ORIGIN = "http://booking.test";
export const TEST_API_BASE = `${TEST_ORIGIN}/api`;

declare module "vitest" {
  export interface ProvidedContext {
    /** Set in the api-postgres project: the server to make each file's database on. */
    postgresUrl?: string;
  }
}

/**
 * A fresh database with `seed` (the tests' booking pages unless a test gives its own): in-memory PGlite, or (api-postgres project) a
 * new database on the PostgreSQL server, dropped again on close. Starting one costs
 * seconds, so each test file shares one (beforeAll) and closes it (afterAll).
 */
async function freshDatabase(seed: unknown, clock: FixedClock): Promise<{ db: Database; url?: string; close(): Promise<void> }> {
  const serverUrl = postgresUrlFromVitest();
  if (!serverUrl) {
    const db = await startDatabase({ dataDir: ":memory:", seed, clock });
    return { db, close: () => db.close() };
  }
  const database = await createTestDatabase(serverUrl);
  const db = await startDatabase({ databaseUrl: database.url, seed, clock });
  return {
    db,
    url: database.url,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/**
 * Keeps the freshly seeded rows aside (schema `seeded`) and answers `reset()`, which puts
 * every table and id sequence back as seeded: a test file shares one database (starting
 * one costs seconds), and each test starts from the seed whatever the others did.
 */
async function seededState(db: Database) {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'schema_migrations' ORDER BY c.oid`,
    )
  ).map((row) => row.name);
  const sequences: { table: string; sequence: string }[] = [];
  for (const table of tables) {
    const [row] = await db.query<{ sequence: string | null }>(
      `SELECT pg_get_serial_sequence($1, 'id') AS sequence FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = $2 AND column_name = 'id'`,
      [`public.${table}`, table],
    );
    if (row?.sequence) sequences.push({ table, sequence: row.sequence });
  }
  const keep = async () => {
    await db.query("DROP SCHEMA IF EXISTS seeded CASCADE");
    await db.query("CREATE SCHEMA seeded");
    for (const table of tables) await db.query(`CREATE TABLE seeded.${table} AS TABLE public.${table}`);
  };
  await keep();
  const restore = () =>
    db.transaction(async (tx) => {
      await tx.query(`TRUNCATE ${tables.map((table) => `public.${table}`).join(", ")}`);
      // In the tables' creation order, which is the order their foreign keys allow.
      for (const table of tables) await tx.query(`INSERT INTO public.${table} SELECT * FROM seeded.${table}`);
      for (const { table, sequence } of sequences) {
        await tx.query(`SELECT setval($1, coalesce((SELECT max(id) FROM public.${table}), 0) + 1, false)`, [sequence]);
      }
    });
  return Object.assign(restore, { keep });
}

/**
 * The reference API on a fresh database (see freshDatabase), answering in-process. Its
 * clock stands at TEST_NOW (seed included) until a test moves it (`clock.advanceMinutes`);
 * `reset()` puts the rows and the clock back as they were after seeding, and the metrics
 * (GET /metrics's counters, `metrics`) at zero.
 */
export async function startTestApi(
  options: {
    seed?: unknown;
    logger?: Logger;
    trustedProxyHops?: number;
    /** The gateways; a function builds them for each instance's database (a gateway that keeps rows of its own). */
    payments?: ApiOptions["payments"] | ((db: Database) => ApiOptions["payments"]);
    /** The site's origin in each request (TEST_ORIGIN; an https one where a gateway takes https return addresses only). */
    origin?: string;
  } = {},
) {
  const origin = options.origin ?? TEST_ORIGIN;
  const clock = fixedClock(TEST_NOW);
  const { db, url: databaseUrl, close } = await freshDatabase(options.seed ?? testSeed, clock);
  const restoreRows = await seededState(db);
  // One registry for both instances, as the server has one for its API and outbox sender.
  const metrics = apiMetrics(db);
  // The refund worker's wall clock (claims and retries), which a test moves apart from the API's.
  const wallClock = fixedClock(TEST_NOW);
  const apiOn = (database: Database) =>
    createApi({
      db: database,
      clock,
      logger: options.logger ?? silentLogger,
      secret: DEMO_SECRET,
      devRoutesEnabled: true,
      trustedProxyHops: options.trustedProxyHops ?? 0,
      payments: typeof options.payments === "function" ? options.payments(database) : (options.payments ?? { simulator: true }),
      metrics,
      refunds: { wallClock: () => wallClock.now() },
      readLimits: { wallClock: () => wallClock.now() },
    });
  const siteOn = (database: Database) => {
    const api = apiOn(database);
    return Object.assign(new Hono().route("/api", api), {
      refunds: api.refunds,
      captures: api.captures,
      endLapsed: api.endLapsed,
      offerWaitlist: api.offerWaitlist,
      bookingPage: api.bookingPage,
      readLimits: api.readLimits,
    });
  };
  const site = siteOn(db);
  // A widget can still be loading when its test ends: reset and close wait for its calls,
  // so that none lands in the next test's rows or on a closed database.
  const inFlight = new Set<Promise<unknown>>();
  const settled = () => Promise.allSettled([...inFlight]);
  /** A fetch that answers from the API in-process, as if over HTTP. */
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), origin), init);
    const answer = Promise.resolve(site.fetch(request));
    inFlight.add(answer);
    void answer.finally(() => inFlight.delete(answer)).catch(() => {});
    return answer;
  };
  const reset = async () => {
    await settled();
    clock.set(TEST_NOW);
    wallClock.set(TEST_NOW);
    await restoreRows();
    // The read counts this process keeps in memory go with their rows.
    site.readLimits.forget();
    metrics.registry.resetMetrics();
  };
  const request = (path: string, init?: RequestInit) => site.request(`${origin}/api${path}`, init);
  const sendJson = (method: string, path: string, body: unknown) =>
    request(path, {
      method,
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const postJson = (path: string, body: unknown) => sendJson("POST", path, body);
  /** The outbox (GET /api/dev/outbox) for one phone number or e-mail address, newest first. */
  const outbox = async (to: string) => (await (await request(`/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as OutboxEntry[];
  /** A demo booking page's id (userId / adminId) by its booking link. */
  const providerId = async (bookingLink: string) =>
    ((await (await request(`/User/ByUser/${bookingLink}`)).json()) as { userId: number }).userId;
  /**
   * The same API a second time, as a second process would run it: on PostgreSQL over its
   * own connection pool (so the two contend in the database, as two processes do); on
   * PGlite, which one process owns, on the same database.
   */
  const secondInstance = async () => {
    const other = databaseUrl ? await openDatabase({ databaseUrl }) : db;
    const otherSite = siteOn(other);
    return {
      /** Its own database connection (on PGlite, the one database). */
      db: other,
      request: (path: string, init?: RequestInit) => otherSite.request(`${origin}/api${path}`, init),
      /** Its own refund and capture workers, as a second process has. */
      refunds: otherSite.refunds,
      captures: otherSite.captures,
      /** Its own waitlist offer worker (a pass). */
      offerWaitlist: () => otherSite.offerWaitlist(origin),
      /** Its own read counts in memory (`flush()` shares them now, as its loop would). */
      readLimits: otherSite.readLimits,
      close: () => (other === db ? Promise.resolve() : other.close()),
    };
  };
  return {
    /** The Hono app (the API under /api), to serve over real HTTP when a test needs sockets. */
    app: site,
    secondInstance,
    db,
    clock,
    /** The refund worker (a pass: `refunds.refundDue()`), and the wall clock its retries wait on. */
    refunds: site.refunds,
    /** The capture worker (a pass: `captures.captureDue()`), on the same wall clock. */
    captures: site.captures,
    /** The server's minute loop that ends payments whose gateway's word never came. */
    endLapsed: () => site.endLapsed(origin),
    /** The server's loop of a few seconds that offers freed times to the waitlist (a pass). */
    offerWaitlist: () => site.offerWaitlist(origin),
    /** The host page's read of a booking page for its data island (demo/server/site.ts). */
    bookingPage: (bookingLink: string) => site.bookingPage(bookingLink),
    /** The read limits' counts in memory (`flush()` shares them now, as the server's loop would); their windows run on `wallClock`. */
    readLimits: site.readLimits,
    wallClock,
    metrics,
    reset,
    /**
     * The rows as they are now become what `reset()` puts back: a file's own fixtures,
     * made once through the API (the role matrix's signed-in people), kept for every test.
     */
    keepAsSeeded: restoreRows.keep,
    fetch,
    request,
    postJson,
    sendJson,
    outbox,
    providerId,
    close: async () => {
      await settled();
      await close();
    },
  };
}

export interface OutboxEntry {
  channel: string;
  to: string;
  subject: string;
  body: string;
  code: string | null;
  createdAt: string;
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;

/** The calls the booking helpers need, over HTTP to a running server (the browser tests' servers). */
export function httpApi(baseUrl: string): ApiCalls {
  const request = (path: string, init?: RequestInit) => fetch(`${baseUrl}/api${path}`, init);
  const postJson = (path: string, body: unknown) =>
    request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const outbox = async (to: string) => (await (await request(`/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as OutboxEntry[];
  return { request, postJson, outbox };
}

export type ApiCalls = Pick<TestApi, "request" | "postJson" | "outbox">;

/**
 * A JSON request as if from `address` through `caller` (an API that trusts one proxy's
 * X-Forwarded-For: startTestApi({ trustedProxyHops: 1 })), for the limits per address.
 */
export const requestFrom = (caller: Pick<TestApi, "request">, address: string, method: string, path: string, body?: unknown) =>
  caller.request(path, {
    method,
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
