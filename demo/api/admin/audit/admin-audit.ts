import type { Queryable } from "../../db/database.ts";
import type { AdminAccess } from "../admin-access.ts";

/** A value in a change's details: ids, times, states and names of things, never a customer's contact. */
export type AuditValue = string | number | boolean | null;

export interface AdminChange {
  /** What was done, as "thing.verb": "appointment.move", "appointment.cancel", "role.create" … */
  change: string;
  /** The appointment it touched, if any: its history lists the entry. */
  appointmentId?: number | null;
  /** What changed: for a field, `{ field: [before, after] }`; else the facts of the act. */
  details?: Record<string, AuditValue | readonly [AuditValue, AuditValue]>;
}

/**
 * Writes a back-office change into the audit log (issue 59, spec's AuditLog). Call it
 * with the transaction that makes the change, so the log and the change are one: both
 * or neither. `at` is the API's clock.
 */
export async function recordAdminChange(
  tx: Queryable,
  admin: Pick<AdminAccess, "providerId" | "accountId">,
  actor: string,
  { change, appointmentId = null, details = {} }: AdminChange,
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (provider_id, action, type, account_id, actor, change, appointment_id, details, created_at)
     VALUES ($1, 0, 0, $2, $3, $4, $5, $6, $7)`,
    [admin.providerId, admin.accountId, actor, change, appointmentId, JSON.stringify(details), at],
  );
}

export interface AuditEntryRow {
  id: number;
  at: Date;
  accountId: number | null;
  actor: string;
  change: string;
  appointmentId: number | null;
  details: Record<string, unknown>;
}

/** A provider's back-office entries, newest first: all of them, or one appointment's. */
export async function adminChanges(
  db: Queryable,
  providerId: number,
  { appointmentId, limit = 100, before }: { appointmentId?: number; limit?: number; before?: number } = {},
): Promise<AuditEntryRow[]> {
  return db.query<AuditEntryRow>(
    `SELECT id, created_at AS at, account_id AS "accountId", actor, change, appointment_id AS "appointmentId", details
       FROM audit_log
      WHERE provider_id = $1 AND change IS NOT NULL
        AND ($2::integer IS NULL OR appointment_id = $2) AND ($3::integer IS NULL OR id < $3)
      ORDER BY created_at DESC, id DESC
      LIMIT $4`,
    [providerId, appointmentId ?? null, before ?? null, Math.min(Math.max(limit, 1), 500)],
  );
}
