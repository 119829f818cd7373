import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiDeps } from "../api-deps.ts";
import { badRequest, errorBody, refuse } from "../http-errors.ts";

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const KEPT_HOURS = 24;
const WAIT_MS = 10_000;

/**
 * Runs `work` once per Idempotency-Key (header; optional). The first request with a key
 * claims it in one statement (INSERT … ON CONFLICT DO NOTHING), runs, and keeps its
 * answer (any answer below 500; a failure frees the key for a retry). A repeat of that
 * request gets the kept answer, waiting while the first still runs; the same key with
 * a different request is refused (422). The kept answer is sealed and the request kept
 * only as a keyed digest (both under API_SECRET): a booking's answer carries its payment
 * token, which must not lie in the database in plain text.
 */
export async function idempotent(deps: ApiDeps, c: Context, scope: string, work: () => Promise<Response>): Promise<Response> {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return work();
  if (!KEY_PATTERN.test(key)) badRequest('Invalid header "Idempotency-Key": must be 1 to 255 visible ASCII characters');
  const { db } = deps;
  const now = deps.clock.now();
  const url = new URL(c.req.url);
  const digest = deps.keys.digest("idempotent-request", `${c.req.method} ${url.pathname}${url.search}\n${await c.req.text()}`);
  await db.query("DELETE FROM idempotent_requests WHERE created_at < $1", [new Date(now.getTime() - KEPT_HOURS * 3_600_000)]);
  const claimed = await db.query(
    "INSERT INTO idempotent_requests (scope, key, request_digest, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key",
    [scope, key, digest, now],
  );
  if (claimed.length === 0) return replay(deps, c, scope, key, digest);

  let response: Response;
  try {
    response = await work();
  } catch (error) {
    if (!(error instanceof HTTPException) || error.status >= 500) {
      await db.query("DELETE FROM idempotent_requests WHERE scope = $1 AND key = $2", [scope, key]);
      throw error;
    }
    response = c.json(errorBody(error), error.status);
  }
  if (response.status >= 500) {
    await db.query("DELETE FROM idempotent_requests WHERE scope = $1 AND key = $2", [scope, key]);
    return response;
  }
  const body = await response.clone().text();
  await db.query("UPDATE idempotent_requests SET status = $3, body = $4 WHERE scope = $1 AND key = $2", [
    scope,
    key,
    response.status,
    deps.keys.seal(body),
  ]);
  return response;
}

async function replay(deps: ApiDeps, c: Context, scope: string, key: string, digest: string): Promise<Response> {
  const started = performance.now();
  for (;;) {
    const [row] = await deps.db.query<{ requestDigest: string; status: number | null; body: string | null }>(
      `SELECT request_digest AS "requestDigest", status, body FROM idempotent_requests WHERE scope = $1 AND key = $2`,
      [scope, key],
    );
    if (!row) refuse("idempotency-key-free-again");
    if (row.requestDigest !== digest) refuse("idempotency-key-reused");
    if (row.status !== null) {
      c.header("Idempotent-Replayed", "true");
      return c.body(deps.keys.open(row.body) ?? "", row.status as 200, { "content-type": "application/json" });
    }
    if (performance.now() - started > WAIT_MS) {
      refuse("idempotency-key-in-flight");
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
