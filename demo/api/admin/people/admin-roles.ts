import type { Role } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import type { Queryable } from "../../db/database.ts";
import { notFound, refuse } from "../../http-errors.ts";
import type { AdminAccess } from "../admin-access.ts";
import { recordAdminChange } from "../audit/admin-audit.ts";

export interface StoredRole extends Role {
  id: number;
}

const COLUMNS = `id, name, appointments, settings, statistics, administration, scope, hide_contacts AS "hideContacts"`;

export const rolesOf = (db: Queryable, providerId: number) =>
  db.query<StoredRole>(`SELECT ${COLUMNS} FROM admin_roles WHERE provider_id = $1 ORDER BY lower(name), id`, [providerId]);

async function roleOf(db: Queryable, providerId: number, id: number): Promise<StoredRole> {
  const [role] = await db.query<StoredRole>(`SELECT ${COLUMNS} FROM admin_roles WHERE id = $1 AND provider_id = $2`, [id, providerId]);
  return role ?? notFound("No such role");
}

async function refuseTakenName(db: Queryable, providerId: number, name: string, except: number | null) {
  const taken = await db.query("SELECT 1 FROM admin_roles WHERE provider_id = $1 AND lower(name) = lower($2) AND id <> coalesce($3, 0)", [
    providerId,
    name,
    except,
  ]);
  if (taken.length > 0) refuse("role-name-taken");
}

/** The changed fields of a role, as the audit log keeps them: [before, after]. */
const changedFields = (before: Role, after: Role) =>
  Object.fromEntries(
    (Object.keys(after) as (keyof Role)[])
      .filter((key) => before[key] !== after[key])
      .map((key) => [key, [before[key], after[key]] as const]),
  );

export async function createRole(deps: ApiDeps, admin: AdminAccess, actor: string, role: Role): Promise<StoredRole> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(727280, $1)", [admin.providerId]);
    await refuseTakenName(tx, admin.providerId, role.name, null);
    const [stored] = await tx.query<StoredRole>(
      `INSERT INTO admin_roles (provider_id, name, appointments, settings, statistics, administration, scope, hide_contacts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [admin.providerId, role.name, role.appointments, role.settings, role.statistics, role.administration, role.scope, role.hideContacts],
    );
    await recordAdminChange(tx, admin, actor, { change: "role.create", details: { roleId: stored!.id, ...role } }, now);
    return stored!;
  });
}

/** Replaces a role's fields (the whole RoleSchema: nothing is merged); its people have the new reach at their next request. */
export async function updateRole(deps: ApiDeps, admin: AdminAccess, actor: string, id: number, role: Role): Promise<StoredRole> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(727280, $1)", [admin.providerId]);
    const before = await roleOf(tx, admin.providerId, id);
    await refuseTakenName(tx, admin.providerId, role.name, id);
    const [stored] = await tx.query<StoredRole>(
      `UPDATE admin_roles SET name = $3, appointments = $4, settings = $5, statistics = $6, administration = $7, scope = $8, hide_contacts = $9
        WHERE id = $1 AND provider_id = $2 RETURNING ${COLUMNS}`,
      [
        id,
        admin.providerId,
        role.name,
        role.appointments,
        role.settings,
        role.statistics,
        role.administration,
        role.scope,
        role.hideContacts,
      ],
    );
    await recordAdminChange(tx, admin, actor, { change: "role.update", details: { roleId: id, ...changedFields(before, role) } }, now);
    return stored!;
  });
}

/** Deletes a role nobody has (409 role-in-use); open invitations with it go with it. */
export async function deleteRole(deps: ApiDeps, admin: AdminAccess, actor: string, id: number): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const role = await roleOf(tx, admin.providerId, id);
    const [used] = await tx.query("SELECT 1 FROM admin_accounts WHERE role_id = $1 AND provider_id = $2 LIMIT 1 FOR UPDATE", [
      id,
      admin.providerId,
    ]);
    if (used) refuse("role-in-use");
    await tx.query("DELETE FROM admin_roles WHERE id = $1 AND provider_id = $2", [id, admin.providerId]);
    await recordAdminChange(tx, admin, actor, { change: "role.delete", details: { roleId: id, name: role.name } }, now);
  });
}
