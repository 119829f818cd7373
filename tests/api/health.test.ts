import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { healthRoutes, OUTBOX_AGE_BOUND_SECONDS } from "../../demo/api/routes/health-routes.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 30, operations: GET /healthz (the process answers) and GET /readyz (the database
// answers, the migrations are applied, the outbox is moving), on PGlite and PostgreSQL.

let api: TestApi;
let health: ReturnType<typeof healthRoutes>;
beforeAll(async () => {
  api = await startTestApi();
  health = healthRoutes(api.db);
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const readiness = async () => {
  const answer = await health.request("/readyz");
  return { status: answer.status, body: (await answer.json()) as { status: string; problems?: string[] } };
};

describe("health and readiness", () => {
  it("/healthz answers while the process runs; /readyz when the database is migrated and the outbox moves", async () => {
    expect(await (await health.request("/healthz")).json()).toEqual({ status: "ok" });
    expect(await readiness()).toEqual({ status: 200, body: { status: "ready", outboxOldestPendingSeconds: 0 } });
  });

  it("is not ready while a message has waited longer than the bound, and says so", async () => {
    await api.db.query(
      `INSERT INTO outbox_messages (channel, recipient, subject, body, queued_at) VALUES ('sms', '41234567', '', '', now() - make_interval(secs => $1))`,
      [OUTBOX_AGE_BOUND_SECONDS + 60],
    );
    const { status, body } = await readiness();
    expect(status).toBe(503);
    expect(body.problems).toEqual([expect.stringMatching(/^the oldest pending message has waited \d+ s$/)]);
  });

  it("is not ready with a migration of this code not applied to the database", async () => {
    const [last] = await api.db.query<{ version: string }>("SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1");
    await api.db.query("DELETE FROM schema_migrations WHERE version = $1", [last!.version]);
    try {
      const { status, body } = await readiness();
      expect(status).toBe(503);
      expect(body.problems).toEqual([`migrations not applied: ${last!.version}`]);
    } finally {
      await api.db.query("INSERT INTO schema_migrations (version) VALUES ($1)", [last!.version]);
    }
  });
});
