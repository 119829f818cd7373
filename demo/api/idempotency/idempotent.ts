import { randomUUID } from "node:crypto";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ApiDeps } from "../api-deps.ts";
import { wallClock } from "../clock.ts";
import type { Queryable } from "../db/database.ts";
import { badRequest, errorBody, refuse } from "../http-errors.ts";

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const KEPT_HOURS = 24;
const WAIT_MS = 10_000;

/** How long a claim with no answer is left to its request before a retry may take it over. */
export const CLAIM_LEASE_SECONDS = 20;

/**
 * Keeps the answer inside the transaction that makes the request's change (a booking's),
 * so that the change and its answer commit together or not at all. Throws (rolling that
 * transaction back) when the claim is no longer this request's: a retry took it over.
 */
export type KeepAnswer = (tx: Queryable, status: number, body: string) => Promise<void>;

/**
 * Runs `work` once per Idempotency-Key (header; optional). The first request with a key
 * claims it in one statement (INSERT … ON CONFLICT DO NOTHING), runs, and keeps its
 * answer (any answer below 500; a failure frees the key for a retry). A repeat of that
 * request gets the kept answer, waiting while the first still runs; the same key with
 * a different request is refused (422). The kept answer is sealed and the request kept
 * only as a keyed digest (both under API_SECRET): a booking's answer carries its payment
 * token, which must not lie in the database in plain text.
 *
 * A claim left with no answer (its process died, or the database went away before the
 * key could be freed) is taken over by a repeat after CLAIM_LEASE_SECONDS. Every write
 * of the answer names the claim's token, and work that passes `keep` to its transaction
 * commits its change only with its answer: the first request, if it was only slow, can
 * then no longer commit, and the key's change happens once.
 */
export async function idempotent(
  deps: ApiDeps,
  c: Context,
  scope: string,
  work: (keep?: KeepAnswer) => Promise<Response>,
): Promise<Response> {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return work();
  if (!KEY_PATTERN.test(key)) badRequest('Invalid header "Idempotency-Key": must be 1 to 255 visible ASCII characters');
  const { db } = deps;
  const now = deps.clock.now();
  const url = new URL(c.req.url);
  const digest = deps.keys.digest("idempotent-request", `${c.req.method} ${url.pathname}${url.search}\n${await c.req.text()}`);
  await db.query("DELETE FROM idempotent_requests WHERE created_at < $1", [new Date(now.getTime() - KEPT_HOURS * 3_600_000)]);
  let token: string = randomUUID();
  const claimed = await db.query(
    `INSERT INTO idempotent_requests (scope, key, request_digest, created_at, claim_token, claimed_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING key`,
    [scope, key, digest, now, token, wallClock.now()],
  );
  if (claimed.length === 0) {
    const kept = await replay(deps, c, scope, key, digest);
    if (kept instanceof Response) return kept;
    token = kept.token;
  }
  const mine = [scope, key, token];
  /** Keeps the answer under this request's claim: false when there is nothing to keep it under (kept already, or taken over). */
  const store = async (q: Queryable, status: number, body: string) =>
    (
      await q.query(
        "UPDATE idempotent_requests SET status = $4, body = $5 WHERE scope = $1 AND key = $2 AND claim_token = $3 AND status IS NULL RETURNING key",
        [...mine, status, deps.keys.seal(body)],
      )
    ).length > 0;
  const keep: KeepAnswer = async (tx, status, body) => {
    if (!(await store(tx, status, body))) refuse("idempotency-key-in-flight");
  };
  const free = () =>
    db.query("DELETE FROM idempotent_requests WHERE scope = $1 AND key = $2 AND claim_token = $3 AND status IS NULL", mine);
  let response: Response;
  try {
    response = await work(keep);
  } catch (error) {
    if (!(error instanceof HTTPException) || error.status >= 500) {
      // With the database gone the key cannot be freed now: its lease frees it (see above).
      await free().catch(() => undefined);
      throw error;
    }
    response = c.json(errorBody(error), error.status);
  }
  if (response.status >= 500) {
    await free().catch(() => undefined);
    return response;
  }
  // Kept here unless the work's transaction kept it already (then this finds nothing to do).
  await store(db, response.status, await response.clone().text());
  return response;
}

/** The first request's answer, or the claim taken over (its lease ran out with no answer). */
async function replay(deps: ApiDeps, c: Context, scope: string, key: string, digest: string): Promise<Response | { token: string }> {
  const started = performance.now();
  for (;;) {
    const [row] = await deps.db.query<{
      requestDigest: string;
      status: number | null;
      body: string | null;
      claimToken: string | null;
      stale: boolean;
    }>(
      `SELECT request_digest AS "requestDigest", status, body, claim_token AS "claimToken",
              claimed_at < $3 AS stale
         FROM idempotent_requests WHERE scope = $1 AND key = $2`,
      // The lease is real time (the wall clock), whatever the API's clock says: a request's life.
      [scope, key, new Date(wallClock.now().getTime() - CLAIM_LEASE_SECONDS * 1000)],
    );
    if (!row) refuse("idempotency-key-free-again");
    if (row.requestDigest !== digest) refuse("idempotency-key-reused");
    if (row.status !== null) {
      c.header("Idempotent-Replayed", "true");
      return c.body(deps.keys.open(row.body) ?? "", row.status as 200, { "content-type": "application/json" });
    }
    if (row.stale) {
      const token = randomUUID();
      const taken = await deps.db.query(
        `UPDATE idempotent_requests SET claim_token = $4, claimed_at = $5
          WHERE scope = $1 AND key = $2 AND claim_token IS NOT DISTINCT FROM $3 AND status IS NULL RETURNING key`,
        [scope, key, row.claimToken, token, wallClock.now()],
      );
      if (taken.length > 0) return { token };
      continue;
    }
    if (performance.now() - started > WAIT_MS) {
      refuse("idempotency-key-in-flight");
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
