import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { allows, OWNER_ROLE, type Role } from "../../src/contract/admin/access.ts";
import type { AdminAccess, AdminEnv, AdminGuard } from "../../demo/api/admin/admin-access.ts";
import type { ApiDeps } from "../../demo/api/api-deps.ts";
import type { Database } from "../../demo/api/db/database.ts";
import { errorBody } from "../../demo/api/http-errors.ts";
import { silentLogger } from "../../demo/api/logger.ts";
import { outboxMessenger } from "../../demo/api/outbox/messenger.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { TEST_ORIGIN, type TestApi } from "./test-api.ts";

/**
 * A stand-in for sign-in's guard (issue 59), until the real one is merged: the test says
 * who is asking (`who()`: an AdminAccess, or null for no session), and the guard applies
 * the role's level as the real one does (401 without a session, 403 below the need).
 * Sessions, CSRF and Origin are sign-in's to test; the routes behind the seam are these tests'.
 */
export function stubGuard(who: () => AdminAccess | null): AdminGuard {
  return (need) => async (c, next) => {
    const admin = who();
    if (!admin) throw new HTTPException(401, { message: "Sign in first" });
    if (!allows(admin.role, need.area, need.level)) throw new HTTPException(403, { message: "Your role does not allow this" });
    c.set("admin", admin);
    await next();
  };
}

/** Someone of provider `providerId`: the owner by default; `role` and `staffMemberId` narrow them. */
export const adminOf = (providerId: number, changes: Partial<Omit<AdminAccess, "role">> & { role?: Partial<Role> } = {}): AdminAccess => ({
  providerId,
  accountId: 1,
  staffMemberId: null,
  owner: changes.role === undefined,
  sessionId: "test-session",
  ...changes,
  role: { ...OWNER_ROLE, ...changes.role },
});

/** What the API builds its routes from (createApi's deps), made from a test API's parts, on `db` (the test's, or a second instance's). */
export function testDeps(api: Pick<TestApi, "clock" | "metrics">, db: Database): ApiDeps {
  const keys = serverKeys(DEMO_SECRET);
  return {
    db,
    reads: db,
    logger: silentLogger,
    clock: api.clock,
    keys,
    messenger: outboxMessenger(keys),
    publicUrl: undefined,
    gateways: {},
    metrics: api.metrics,
  };
}

/**
 * Route modules mounted under /api as the API mounts them, answering errors as createApi
 * does ({ message, code }), behind the stub guard. `request` sends JSON from the site's origin.
 */
export function adminTestSite(routes: readonly Hono<AdminEnv>[]) {
  const api = new Hono();
  for (const module of routes) api.route("/", module);
  api.onError((error, c) => {
    if (error instanceof HTTPException) return c.json(errorBody(error), error.status);
    throw error;
  });
  const site = new Hono().route("/api", api);
  const request = (method: string, path: string, body?: unknown) =>
    site.request(`${TEST_ORIGIN}/api${path}`, {
      method,
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { request, get: (path: string) => request("GET", path), post: (path: string, body: unknown = {}) => request("POST", path, body) };
}
