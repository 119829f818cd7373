import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HTTPException } from "hono/http-exception";
import type { ApiDeps } from "../../demo/api/api-deps.ts";
import { errorBody } from "../../demo/api/http-errors.ts";
import { CLAIM_LEASE_SECONDS, idempotent, type KeepAnswer } from "../../demo/api/idempotency/idempotent.ts";
import { silentLogger } from "../../demo/api/logger.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// The three ways a repeated Idempotency-Key is refused, each with a code of its own
// (src/contract/refusals.ts), so a client can tell "send it again" from "wait" from "wrong key".
// A route of its own around idempotent(), on the test API's database (PGlite, and
// PostgreSQL in the api-postgres project), whose work the test holds or fails at will.

let api: TestApi;
let work: (keep?: KeepAnswer) => Promise<Response>;
const app = new Hono();
app.onError((error, c) => (error instanceof HTTPException ? c.json(errorBody(error), error.status) : c.json({ message: "failed" }, 500)));
app.post("/thing", (c) =>
  idempotent(
    { db: api.db, clock: api.clock, logger: silentLogger, keys: serverKeys(DEMO_SECRET) } as unknown as ApiDeps,
    c,
    "test",
    (keep) => work(keep),
  ),
);

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.reset();
  vi.restoreAllMocks();
});

const post = (key: string, body = "{}") =>
  app.request("/thing", { method: "POST", headers: { "content-type": "application/json", "idempotency-key": key }, body });
const held = () => {
  let finish!: (response: Response) => void;
  const answer = new Promise<Response>((resolve) => {
    finish = resolve;
  });
  return { answer, finish };
};

describe("a repeated Idempotency-Key", () => {
  it("with another request: 422 idempotency-key-reused", async () => {
    work = async () => Response.json({ id: 1 });
    expect((await post("k1", '{"a":1}')).status).toBe(200);
    const other = await post("k1", '{"a":2}');
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      code: "idempotency-key-reused",
      message: "This Idempotency-Key was used for a different request",
    });
  });

  it("while the first request still runs past the wait: 409 idempotency-key-in-flight", async () => {
    const first = held();
    work = () => first.answer;
    const running = post("k2");
    await vi.waitFor(async () => expect(await api.db.query("SELECT 1 FROM idempotent_requests WHERE key = 'k2'")).toHaveLength(1));
    // The repeat's wait runs out at once: each look at the clock is 11 seconds after the last.
    let calls = 0;
    const start = performance.now();
    vi.spyOn(performance, "now").mockImplementation(() => start + 11_000 * calls++);
    const repeat = await post("k2");
    expect(repeat.status).toBe(409);
    expect(await repeat.json()).toEqual({
      code: "idempotency-key-in-flight",
      message: "A request with this Idempotency-Key is still running: try again shortly",
    });
    first.finish(Response.json({ id: 2 }));
    expect((await running).status).toBe(200);
  });

  it("after the first request failed while the repeat waited: 409 idempotency-key-free-again, and the key books again", async () => {
    const first = held();
    work = () => first.answer;
    const failing = post("k3");
    await vi.waitFor(async () => expect(await api.db.query("SELECT 1 FROM idempotent_requests WHERE key = 'k3'")).toHaveLength(1));
    const looks = vi.spyOn(api.db, "query");
    const repeat = post("k3");
    // The repeat is waiting on the first (it has looked at the key's row) before the first fails.
    await vi.waitFor(() => expect(looks.mock.calls.some(([sql]) => String(sql).includes("SELECT request_digest"))).toBe(true));
    first.finish(Response.json({ message: "down" }, { status: 503 }));
    expect((await failing).status).toBe(503);
    const refused = await repeat;
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: "idempotency-key-free-again",
      message: "The first request with this Idempotency-Key failed: send it again",
    });
    work = async () => Response.json({ id: 3 });
    expect(await (await post("k3")).json()).toEqual({ id: 3 });
  });
});

describe("a claim with no answer (its process or its database went away mid-way)", () => {
  const ageClaim = (key: string) =>
    api.db.query(`UPDATE idempotent_requests SET claimed_at = claimed_at - make_interval(secs => $2) WHERE key = $1`, [
      key,
      CLAIM_LEASE_SECONDS + 1,
    ]);
  const marks = async () => (await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM idempotency_marks")).at(0)?.n ?? 0;

  it("is taken over by a repeat once its lease has run out, and the work runs once more", async () => {
    // The first request's work dies with its database, which cannot free the key either.
    const lost = held();
    work = () => lost.answer;
    const first = post("k4");
    await vi.waitFor(async () => expect(await api.db.query("SELECT 1 FROM idempotent_requests WHERE key = 'k4'")).toHaveLength(1));
    vi.spyOn(api.db, "query").mockRejectedValueOnce(Object.assign(new Error("terminating connection"), { code: "57P01" }));
    lost.finish(Response.json({ message: "down" }, { status: 503 }));
    expect((await first).status).toBe(503);
    vi.restoreAllMocks();
    expect(await api.db.query("SELECT 1 FROM idempotent_requests WHERE key = 'k4' AND status IS NULL")).toHaveLength(1);
    await ageClaim("k4");
    work = async () => Response.json({ id: 4 });
    const retry = await post("k4");
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ id: 4 });
    // And kept: the next repeat is the answer, not another run.
    work = async () => Response.json({ id: 5 });
    expect(await (await post("k4")).json()).toEqual({ id: 4 });
  });

  it("a slow first request whose claim was taken over cannot commit its change: the key's change happens once", async () => {
    await api.db.query("CREATE TABLE IF NOT EXISTS idempotency_marks (by text)");
    await api.db.query("DELETE FROM idempotency_marks");
    const gate = held();
    const change = (by: string, wait?: Promise<unknown>) => async (keep?: KeepAnswer) => {
      const body = JSON.stringify({ by });
      await wait;
      await api.db.transaction(async (tx) => {
        await tx.query("INSERT INTO idempotency_marks (by) VALUES ($1)", [by]);
        await keep?.(tx, 200, body);
      });
      return new Response(body, { headers: { "content-type": "application/json" } });
    };
    work = change("first", gate.answer);
    const first = post("k5");
    await vi.waitFor(async () => expect(await api.db.query("SELECT 1 FROM idempotent_requests WHERE key = 'k5'")).toHaveLength(1));
    await ageClaim("k5");
    work = change("retry");
    const retry = await post("k5");
    expect(await retry.json()).toEqual({ by: "retry" });
    gate.finish(new Response());
    const late = await first;
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe("idempotency-key-in-flight");
    expect(await marks()).toBe(1);
    expect(await (await post("k5")).json()).toEqual({ by: "retry" });
    await api.db.query("DROP TABLE idempotency_marks");
  });
});
