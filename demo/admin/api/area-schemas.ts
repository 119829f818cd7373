import * as v from "valibot";
import { RoleSchema } from "booking-widget/contract";

/**
 * The administration area's answers the contract does not name (it names the bodies):
 * a stored role is RoleSchema with its id; an audit entry is a row of the log as
 * GET /api/admin/audit answers it (demo/api/admin/audit/admin-audit.ts).
 */
export const StoredRoleSchema = v.object({ id: v.number(), ...RoleSchema.entries });
export type StoredRole = v.InferOutput<typeof StoredRoleSchema>;

export const AuditEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  accountId: v.nullable(v.number()),
  actor: v.string(),
  /** "thing.verb": "person.invite", "role.update", "appointment.move" … */
  change: v.string(),
  appointmentId: v.nullable(v.number()),
  /** A field's change as [before, after]; else a fact of the act (read leniently: audit-lines.ts words what it knows). */
  details: v.record(v.string(), v.unknown()),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

/** A staff member as the widget's public list names them. */
export const StaffNameSchema = v.object({ id: v.number(), fullName: v.string() });

export const InvitationSentSchema = v.object({ id: v.number(), email: v.string(), expiresAt: v.string() });

/** One of the signed-in person's passkeys, by the name they gave it. */
export const PasskeySchema = v.object({ id: v.number(), name: v.string(), createdAt: v.string(), lastUsedAt: v.nullable(v.string()) });
export type Passkey = v.InferOutput<typeof PasskeySchema>;

/** WebAuthn options as @simplewebauthn/server makes them: read as they are, for the browser's library. */
export const WebAuthnOptionsSchema = v.looseObject({ challenge: v.string() });
