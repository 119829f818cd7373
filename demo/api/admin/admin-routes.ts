import { Hono } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import type { AdminEnv } from "./admin-access.ts";
import { type AdminGuards, createAdminGuard } from "./auth/admin-guard.ts";
import { passkeyRoutes } from "./auth/passkey-routes.ts";
import { sessionRoutes } from "./auth/session-routes.ts";
import { peopleRoutes } from "./people/people-routes.ts";
import { adminDayRoutes } from "./day/admin-day-routes.ts";
import { adminAppointmentRoutes } from "./appointments/admin-appointment-routes.ts";
import { actorName } from "./auth/admin-accounts.ts";

/** A module of admin routes: each route names its need through `guard` (tests/api/admin-route-inventory.test.ts checks). */
export type AdminRouteModule = (deps: ApiDeps, guard: AdminGuards) => Hono<AdminEnv>;

/** Every module of the back office's API, under /admin (the API is served at /api). Add a module here: one line. */
export const ADMIN_ROUTE_MODULES: readonly AdminRouteModule[] = [
  sessionRoutes,
  passkeyRoutes,
  peopleRoutes,
  adminDayRoutes,
  // The audit log names who acted by their account's name.
  (deps, guard) => adminAppointmentRoutes(deps, guard, (db, admin) => actorName(db, admin.accountId)),
];

/** The back office's API: every module, behind one guard (admin-guard.ts). */
export function adminRoutes(deps: ApiDeps, modules: readonly AdminRouteModule[] = ADMIN_ROUTE_MODULES): Hono<AdminEnv> {
  const guard = createAdminGuard(deps, deps.adminSessions);
  const routes = new Hono<AdminEnv>();
  for (const module of modules) routes.route("/", module(deps, guard));
  return routes;
}
