import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { HTTPException } from "hono/http-exception";
import type { ApiDeps } from "../../demo/api/api-deps.ts";
import { errorBody } from "../../demo/api/http-errors.ts";
import { idempotent } from "../../demo/api/idempotency/idempotent.ts";
import { silentLogger } from "../../demo/api/logger.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// The three ways a repeated Idempotency-Key is refused, each with a code of its own
// (src/contract/refusals.ts), so a client can tell "send it again" from "wait" from "wrong key".
// A route of its own around idempotent(), on the test API's database (PGlite, and
// PostgreSQL in the api-postgres project), whose work the test holds or fails at will.

let api: TestApi;
let work: () => Promise<Response>;
const app = new Hono();
app.onError((error, c) => (error instanceof HTTPException ? c.json(errorBody(error), error.status) : c.json({ message: "failed" }, 500)));
app.post("/thing", (c) =>
  idempotent({ db: api.db, clock: api.clock, logger: silentLogger, keys: serverKeys(DEMO_SECRET) } as unknown as ApiDeps, c, "test", () =>
    work(),
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
