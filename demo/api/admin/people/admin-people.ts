import type { Person } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import type { Queryable } from "../../db/database.ts";
import { notFound, refuse } from "../../http-errors.ts";
import type { AdminAccess } from "../admin-access.ts";
import { recordAdminChange } from "../audit/admin-audit.ts";
import { endSessionsOf } from "../auth/admin-sessions.ts";
import { requireRoleAndStaff } from "./admin-invitations.ts";

const COLUMNS = `id, email, name, owner, role_id AS "roleId", staff_member_id AS "staffMemberId",
  disabled_at IS NOT NULL AS disabled, password_hash IS NULL AS pending`;

export const peopleOf = (db: Queryable, providerId: number) =>
  db.query<Person>(`SELECT ${COLUMNS} FROM admin_accounts WHERE provider_id = $1 ORDER BY owner DESC, lower(name), id`, [providerId]);

/**
 * The person, within the acting provider (another's: 404, as if it did not exist), locked
 * for the change. Only an owner touches an owner: a role with administration cannot
 * disable or sign out the one who gave it.
 */
async function personFor(tx: Queryable, admin: AdminAccess, id: number): Promise<Person> {
  const [person] = await tx.query<Person>(`SELECT ${COLUMNS} FROM admin_accounts WHERE id = $1 AND provider_id = $2 FOR UPDATE`, [
    id,
    admin.providerId,
  ]);
  if (!person) notFound("No such person");
  if (person.owner && !admin.owner) refuse("not-allowed");
  return person;
}

/** Gives a person another role and/or staff member (both of this provider). An owner's reach is fixed: owner-role-fixed. */
export async function updatePerson(
  deps: ApiDeps,
  admin: AdminAccess,
  actor: string,
  id: number,
  change: { roleId?: number | undefined; staffMemberId?: number | null | undefined },
): Promise<Person> {
  const now = deps.clock.now();
  await requireRoleAndStaff(deps.db, admin.providerId, change.roleId ?? null, change.staffMemberId ?? null);
  return deps.db.transaction(async (tx) => {
    const before = await personFor(tx, admin, id);
    if (change.roleId !== undefined && before.owner) refuse("owner-role-fixed");
    const roleId = change.roleId ?? before.roleId;
    const staffMemberId = change.staffMemberId === undefined ? before.staffMemberId : change.staffMemberId;
    const [after] = await tx.query<Person>(
      `UPDATE admin_accounts SET role_id = $3, staff_member_id = $4 WHERE id = $1 AND provider_id = $2 RETURNING ${COLUMNS}`,
      [id, admin.providerId, roleId, staffMemberId],
    );
    const details = {
      personId: id,
      ...(roleId !== before.roleId ? { roleId: [before.roleId, roleId] as const } : {}),
      ...(staffMemberId !== before.staffMemberId ? { staffMemberId: [before.staffMemberId, staffMemberId] as const } : {}),
    };
    await recordAdminChange(tx, admin, actor, { change: "person.role", details }, now);
    return after!;
  });
}

/**
 * Disables a person: they cannot sign in, and every session of theirs ends now. The last
 * owner who can sign in cannot be disabled (the page would have no one left to run it).
 */
export async function disablePerson(deps: ApiDeps, admin: AdminAccess, actor: string, id: number): Promise<Person> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    // Two owners disabling each other at once: one at a time, so one owner always stays.
    await tx.query("SELECT pg_advisory_xact_lock(727281, $1)", [admin.providerId]);
    const person = await personFor(tx, admin, id);
    if (person.owner) {
      const [others] = await tx.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM admin_accounts WHERE provider_id = $1 AND owner AND disabled_at IS NULL AND id <> $2",
        [admin.providerId, id],
      );
      if (!others?.count) refuse("last-owner");
    }
    const [after] = await tx.query<Person>(
      `UPDATE admin_accounts SET disabled_at = coalesce(disabled_at, $3) WHERE id = $1 AND provider_id = $2 RETURNING ${COLUMNS}`,
      [id, admin.providerId, now],
    );
    const ended = await endSessionsOf(tx, id, now);
    await recordAdminChange(tx, admin, actor, { change: "person.disable", details: { personId: id, sessionsEnded: ended } }, now);
    return after!;
  });
}

/** Ends every session of a person (a lost phone, a person leaving): their next request is 401. */
export async function endSessionsOfPerson(deps: ApiDeps, admin: AdminAccess, actor: string, id: number): Promise<{ ended: number }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await personFor(tx, admin, id);
    const ended = await endSessionsOf(tx, id, now);
    await recordAdminChange(tx, admin, actor, { change: "sessions.end", details: { personId: id, sessionsEnded: ended } }, now);
    return { ended };
  });
}
