import type { Queryable } from "../../db/database.ts";
import { notFound } from "../../http-errors.ts";
import type { AdminAccess } from "../admin-access.ts";
import { reachesStaff } from "../day/admin-reach.ts";

export interface ReachableAppointment {
  id: number;
  staffMemberId: number;
  status: string;
  attendance: string | null;
  startsAt: Date;
  endsAt: Date;
}

/**
 * An appointment of `admin`'s provider that their role reaches (its scope: everyone's,
 * or their own staff member's). Another provider's id, another's appointment under
 * "own", and no such id are one answer: 404, never the object.
 */
export async function reachableAppointment(db: Queryable, admin: AdminAccess, id: number): Promise<ReachableAppointment> {
  const [row] = await db.query<Omit<ReachableAppointment, "startsAt" | "endsAt"> & { startsAt: Date | string; endsAt: Date | string }>(
    `SELECT id, staff_member_id AS "staffMemberId", status, attendance, starts_at AS "startsAt", ends_at AS "endsAt"
       FROM appointments WHERE id = $1 AND provider_id = $2`,
    [id, admin.providerId],
  );
  if (!row || !reachesStaff(admin, row.staffMemberId)) notFound("No such appointment");
  return { ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) };
}

/** A staff member of `admin`'s provider whom their role reaches, with their name; else 404. */
export async function reachableStaffMember(
  db: Queryable,
  admin: AdminAccess,
  staffMemberId: number,
): Promise<{ id: number; name: string }> {
  const [row] = await db.query<{ id: number; name: string }>(
    `SELECT id, trim(first_name || ' ' || last_name) AS name FROM staff_members WHERE id = $1 AND provider_id = $2`,
    [staffMemberId, admin.providerId],
  );
  if (!row || !reachesStaff(admin, row.id)) notFound("No such staff member");
  return row;
}

/**
 * The name the audit log keeps for whoever acts (recordAdminChange's actor): the
 * account's name, which sign-in (demo/api/admin/auth/) knows. The routes take it as a
 * parameter, so that this part needs nothing of sign-in's tables.
 */
export type ActorName = (db: Queryable, admin: AdminAccess) => Promise<string>;

/** Until sign-in's own is wired in: the account by its id. */
export const accountIdAsActor: ActorName = async (_db, admin) => `Account ${admin.accountId}`;
