import { Hono } from "hono";
import * as v from "valibot";
import { AdminInvitationSchema, PersonChangeSchema, RoleSchema } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { IdText, validated, validatedBody } from "../../http-errors.ts";
import { siteUrlOf } from "../../site-url.ts";
import type { AdminEnv, AdminGuard } from "../admin-access.ts";
import { adminChanges } from "../audit/admin-audit.ts";
import { actorName } from "../auth/admin-accounts.ts";
import { invitePerson } from "./admin-invitations.ts";
import { disablePerson, endSessionsOfPerson, peopleOf, updatePerson } from "./admin-people.ts";
import { createRole, deleteRole, rolesOf, updateRole } from "./admin-roles.ts";

const ById = v.strictObject({ id: IdText });
const AuditQuery = v.strictObject({
  appointmentId: v.optional(IdText),
  before: v.optional(IdText),
  limit: v.optional(v.pipe(IdText, v.maxValue(500, "is at most 500"))),
});

/** The administration area: people, their roles and sessions, invitations, and the audit log. */
export function peopleRoutes(deps: ApiDeps, guard: AdminGuard) {
  const { db } = deps;
  const read = guard({ area: "administration", level: "read" });
  const write = guard({ area: "administration", level: "readWrite" });
  return new Hono<AdminEnv>()
    .get("/admin/people", read, async (c) => c.json(await peopleOf(db, c.get("admin").providerId)))
    .patch("/admin/people/:id", write, validated("param", ById), validatedBody(PersonChangeSchema, "person"), async (c) => {
      const admin = c.get("admin");
      return c.json(await updatePerson(deps, admin, await actorName(db, admin.accountId), c.req.valid("param").id, c.req.valid("json")));
    })
    .post("/admin/people/:id/disable", write, validated("param", ById), async (c) => {
      const admin = c.get("admin");
      return c.json(await disablePerson(deps, admin, await actorName(db, admin.accountId), c.req.valid("param").id));
    })
    .delete("/admin/people/:id/sessions", write, validated("param", ById), async (c) => {
      const admin = c.get("admin");
      return c.json(await endSessionsOfPerson(deps, admin, await actorName(db, admin.accountId), c.req.valid("param").id));
    })
    .post("/admin/invitations", write, validatedBody(AdminInvitationSchema, "invitation"), async (c) => {
      const admin = c.get("admin");
      const site = siteUrlOf(c, deps.publicUrl, deps.ownOrigins);
      return c.json(await invitePerson(deps, admin, await actorName(db, admin.accountId), c.req.valid("json"), site), 201);
    })
    .get("/admin/roles", read, async (c) => c.json(await rolesOf(db, c.get("admin").providerId)))
    .post("/admin/roles", write, validatedBody(RoleSchema, "role"), async (c) => {
      const admin = c.get("admin");
      return c.json(await createRole(deps, admin, await actorName(db, admin.accountId), c.req.valid("json")), 201);
    })
    .put("/admin/roles/:id", write, validated("param", ById), validatedBody(RoleSchema, "role"), async (c) => {
      const admin = c.get("admin");
      return c.json(await updateRole(deps, admin, await actorName(db, admin.accountId), c.req.valid("param").id, c.req.valid("json")));
    })
    .delete("/admin/roles/:id", write, validated("param", ById), async (c) => {
      const admin = c.get("admin");
      await deleteRole(deps, admin, await actorName(db, admin.accountId), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .get("/admin/audit", read, validated("query", AuditQuery), async (c) => {
      const { appointmentId, before, limit } = c.req.valid("query");
      return c.json(
        await adminChanges(db, c.get("admin").providerId, {
          ...(appointmentId ? { appointmentId } : {}),
          ...(before ? { before } : {}),
          ...(limit ? { limit } : {}),
        }),
      );
    });
}
