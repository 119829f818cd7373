import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROUTE_MODULES, type AdminRouteModule, adminRoutes } from "../../demo/api/admin/admin-routes.ts";
import { type AdminCheck, adminCheckOf } from "../../demo/api/admin/auth/admin-guard.ts";
import type { ApiDeps } from "../../demo/api/api-deps.ts";
import type { AdminEnv } from "../../demo/api/admin/admin-access.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

/**
 * The route inventory (issue 59): every route the API serves under /api/admin is found
 * in Hono's `app.routes`, and the FIRST handler of each must be the guard (a need: the
 * session, CSRF and role checks; the provider is the session's) or one of the explicit,
 * short lists below. A route that forgets the guard fails here before it ships.
 */
const PUBLIC = [
  "POST /api/admin/session",
  "POST /api/admin/password-reset",
  "POST /api/admin/password-reset/code",
  "POST /api/admin/invitations/accept",
  "POST /api/admin/passkey-session/options",
  "POST /api/admin/passkey-session",
];
/** Any live session, whatever its role: who am I, sign-out, and one's own passkeys. */
const SIGNED_IN = [
  "GET /api/admin/session",
  "DELETE /api/admin/session",
  "POST /api/admin/passkeys/options",
  "POST /api/admin/passkeys",
  "GET /api/admin/passkeys",
  "DELETE /api/admin/passkeys/:id",
];

interface Finding {
  route: string;
  check: AdminCheck | undefined;
}

/** Each admin route once (method and path), with the check its first handler carries. */
function adminRoutesOf(app: Pick<Hono, "routes">): Finding[] {
  const first = new Map<string, Finding>();
  for (const route of app.routes) {
    // The API's own middleware ("ALL /api/*") and its catch-all 404 are not admin routes.
    if (!/^\/api\/admin(\/|$)/.test(route.path)) continue;
    const key = `${route.method} ${route.path}`;
    if (!first.has(key)) first.set(key, { route: key, check: adminCheckOf(route.handler) });
  }
  return [...first.values()];
}

/** What is wrong with a route: answers nothing when it is guarded as the lists say. */
function problemOf({ route, check }: Finding): string | undefined {
  if (check === undefined) return `${route}: no guard`;
  if (check === "public" && !PUBLIC.includes(route)) return `${route}: public, but not on the public list`;
  if (check === "signed-in" && !SIGNED_IN.includes(route)) return `${route}: any session, but not on the signed-in list`;
  if (PUBLIC.includes(route) && check !== "public") return `${route}: on the public list, but checks ${JSON.stringify(check)}`;
  return undefined;
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("the admin route inventory", () => {
  it("finds every admin route guarded, or on the explicit public and signed-in lists", () => {
    const found = adminRoutesOf(api.app);
    expect(found.length).toBeGreaterThanOrEqual(PUBLIC.length + SIGNED_IN.length + 1);
    for (const route of [...PUBLIC, ...SIGNED_IN]) expect(found.map((finding) => finding.route)).toContain(route);
    expect(found.map(problemOf).filter(Boolean)).toEqual([]);
    // A need names a real area and level.
    for (const { check } of found) if (typeof check === "object") expect(["read", "readWrite"]).toContain(check.level);
  });

  it("fails on a route that forgets the guard, or puts it after its handler", () => {
    const forgetful: AdminRouteModule = () => new Hono<AdminEnv>().get("/admin/secrets", (c) => c.json({ all: "of them" }));
    const late: AdminRouteModule = (_deps, guard) =>
      new Hono<AdminEnv>().post("/admin/late", (c) => c.json({}), guard({ area: "settings", level: "readWrite" }));
    const publicByMistake: AdminRouteModule = (_deps, guard) => new Hono<AdminEnv>().get("/admin/open", guard.signedIn, (c) => c.json({}));
    const app = new Hono().route("/api", adminRoutes({} as ApiDeps, [...ADMIN_ROUTE_MODULES, forgetful, late, publicByMistake]));
    expect(adminRoutesOf(app).map(problemOf).filter(Boolean)).toEqual([
      "GET /api/admin/secrets: no guard",
      "POST /api/admin/late: no guard",
      "GET /api/admin/open: any session, but not on the signed-in list",
    ]);
  });

  it("answers 401 to every guarded admin route without a session (the mark is the real check)", async () => {
    for (const { route, check } of adminRoutesOf(api.app)) {
      if (check === "public") continue;
      const [method, path] = route.split(" ") as [string, string];
      const answer = await api.request(path.replace(/^\/api/, "").replace(/:id\b/g, "1"), {
        method,
        headers: { "content-type": "application/json" },
      });
      expect({ route, status: answer.status, cors: answer.headers.get("access-control-allow-origin") }).toEqual({
        route,
        status: 401,
        cors: null,
      });
    }
  });
});
