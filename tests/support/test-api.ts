import { Hono } from "hono";
import { createApi } from "../../demo/api/app.ts";
import type { Database } from "../../demo/api/db/database.ts";
import { silentLogger } from "../../demo/api/logger.ts";
import { startDatabase } from "../../demo/api/start-database.ts";

export const TEST_ORIGIN = "http://booking.test";
export const TEST_API_BASE = `${TEST_ORIGIN}/api`;

/**
 * The reference API on a fresh in-memory PGlite with the demo seed. Starting one costs
 * seconds, so each test file shares one (beforeAll) and closes it (afterAll).
 */
export async function startTestApi(options: { seed?: unknown } = {}) {
  const db: Database = await startDatabase({ dataDir: ":memory:", seed: options.seed });
  const site = new Hono().route("/api", createApi({ db, logger: silentLogger }));
  /** A fetch that answers from the API in-process, as if over HTTP. */
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), TEST_ORIGIN), init);
    return site.fetch(request);
  };
  const request = (path: string, init?: RequestInit) => site.request(`${TEST_ORIGIN}/api${path}`, init);
  const postJson = (path: string, body: unknown) =>
    request(path, { method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
  return { db, fetch, request, postJson, close: () => db.close() };
}

export type TestApi = Awaited<ReturnType<typeof startTestApi>>;
