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
  const sendJson = (method: string, path: string, body: unknown) =>
    request(path, { method, headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body) });
  const postJson = (path: string, body: unknown) => sendJson("POST", path, body);
  /** The outbox (GET /api/dev/outbox) for one phone number or e-mail address, newest first. */
  const outbox = async (to: string) => (await (await request(`/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as OutboxEntry[];
  /** A demo booking page's id (userId / adminId) by its booking link. */
  const providerId = async (bookingLink: string) =>
    ((await (await request(`/User/ByUser/${bookingLink}`)).json()) as { userId: number }).userId;
  return { db, fetch, request, postJson, sendJson, outbox, providerId, close: () => db.close() };
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
