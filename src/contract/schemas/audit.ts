import * as v from "valibot";

/** The longest comment or message of an anonymous audit entry (the widget's own are far shorter). */
export const AUDIT_TEXT_MAX = 500;

/** An audit-log entry posted anonymously (e.g. when the form auto-fills). */
export const AuditEntry = v.object({
  action: v.literal(3),
  type: v.literal(4),
  comment: v.pipe(v.string(), v.maxLength(AUDIT_TEXT_MAX)),
  message: v.pipe(v.string(), v.maxLength(AUDIT_TEXT_MAX)),
  hideForUser: v.boolean(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;
