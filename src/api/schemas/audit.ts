import * as v from "valibot";

/** An audit-log entry posted anonymously (e.g. when the form auto-fills). */
export const AuditEntry = v.object({
  action: v.literal(3),
  type: v.literal(4),
  comment: v.pipe(v.string(), v.maxLength(2000)),
  message: v.pipe(v.string(), v.maxLength(2000)),
  hideForUser: v.boolean(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntry>;
