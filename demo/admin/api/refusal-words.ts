import type { MessageDescriptor } from "@lingui/core";
import type { AdminRefusalCode, RefusalCode } from "booking-widget/contract";
import { m } from "../i18n/messages.ts";
import { AdminRefusal, AdminUnreachable } from "./admin-client.ts";

export interface Words {
  descriptor: MessageDescriptor;
  values?: Record<string, unknown>;
}

// The admin API's codes (src/contract/admin/admin-refusals.ts, refusals.ts) the app words itself.
const BY_CODE: Partial<Record<AdminRefusalCode | RefusalCode, MessageDescriptor>> = {
  "wrong-email-or-password": m.wrongPassword,
  "wrong-password": m.wrongPassword,
  "signed-out": m.sessionEnded,
  "not-allowed": m.notAllowed,
  "csrf-token-invalid": m.csrf,
  "cross-site-request": m.csrf,
  "wrong-reset-code": m.wrongCode,
  "code-used-up": m.wrongCode,
  "invitation-used": m.invitationUsed,
  "invitation-expired": m.invitationExpired,
  "invitation-unknown": m.invitationUnknown,
  "admin-account-exists": m.accountExists,
  occupied: m.timeTaken,
  "time-taken": m.timeTaken,
  "appointment-cancelled": m.appointmentCancelled,
  "awaiting-payment": m.awaitingPaymentRefusal,
  "appointment-over": m.appointmentOver,
  "too-early-to-mark": m.tooEarlyToMark,
  "role-in-use": m.roleInUse,
  "role-name-taken": m.roleNameTaken,
  "last-owner": m.lastOwner,
  "owner-role-fixed": m.ownerRoleFixed,
  "passkey-invalid": m.passkeyInvalid,
  "passkey-refused": m.passkeyRefused,
  "passkey-challenge-expired": m.passkeyExpired,
};

/**
 * What a failed call says to the person: by the refusal's code first (one code, one
 * cause), then by its status; the API's own message where neither is known.
 */
export function refusalWords(error: unknown): Words {
  if (error instanceof AdminUnreachable) return { descriptor: m.unreachable };
  if (!(error instanceof AdminRefusal)) return { descriptor: m.failed, values: { reason: String(error) } };
  const known = error.code ? BY_CODE[error.code as AdminRefusalCode | RefusalCode] : undefined;
  if (known) return { descriptor: known };
  if (error.code === "too-many-attempts" || error.code === "too-many-codes")
    return error.minutes ? { descriptor: m.tooManyAttempts, values: { minutes: error.minutes } } : { descriptor: m.tooManyAttemptsSoon };
  if (error.status === 401) return { descriptor: m.sessionEnded };
  if (error.status === 403) return { descriptor: m.notAllowed };
  if (error.status === 404) return { descriptor: m.notFound };
  if (error.status === 429)
    return error.minutes ? { descriptor: m.tooManyAttempts, values: { minutes: error.minutes } } : { descriptor: m.tooManyAttemptsSoon };
  return { descriptor: m.failed, values: { reason: error.message } };
}
