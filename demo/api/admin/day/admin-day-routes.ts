import { Hono } from "hono";
import * as v from "valibot";
import { AdminDayQuerySchema } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { validated } from "../../http-errors.ts";
import type { AdminEnv, AdminGuard } from "../admin-access.ts";
import { adminDay } from "./admin-day.ts";
import { changesAfter } from "./changes-feed.ts";

const ChangesQuery = v.strictObject({ after: v.pipe(v.string(), v.regex(/^\d{1,20}$/, "must be a cursor from an earlier answer")) });

/**
 * The back office's day (issue 59): `GET /admin/day` (the grid) and `GET /admin/changes`
 * (what to read again), both at appointments Read. Mounted under the API's /api.
 */
export function adminDayRoutes(deps: ApiDeps, guard: AdminGuard) {
  const read = guard({ area: "appointments", level: "read" });
  return new Hono<AdminEnv>()
    .get("/admin/day", read, validated("query", AdminDayQuerySchema), async (c) =>
      c.json(await adminDay(deps, c.get("admin"), c.req.valid("query"))),
    )
    .get("/admin/changes", read, validated("query", ChangesQuery), async (c) =>
      c.json(await changesAfter(deps.db, c.get("admin"), c.req.valid("query").after)),
    );
}
