import type { MessageDescriptor } from "@lingui/core";
import { m } from "../i18n/messages.ts";
import { AdminRefusal, AdminUnreachable } from "./admin-client.ts";

export interface Words {
  descriptor: MessageDescriptor;
  values?: Record<string, unknown>;
}

/**
 * What a failed call says to the person: by the refusal's code first (one code, one
 * cause), then by its status; the API's own message where neither is known.
 */
export function refusalWords(error: unknown): Words {
  if (error instanceof AdminUnreachable) return { descriptor: m.unreachable };
  if (!(error instanceof AdminRefusal)) return { descriptor: m.failed, values: { reason: String(error) } };
  switch (error.code) {
    case "wrong-password":
      return { descriptor: m.wrongPassword };
    case "too-many-attempts":
      return error.minutes ? { descriptor: m.tooManyAttempts, values: { minutes: error.minutes } } : { descriptor: m.tooManyAttemptsSoon };
    case "occupied":
    case "time-taken":
      return { descriptor: m.timeTaken };
  }
  if (error.status === 401) return { descriptor: m.sessionEnded };
  if (error.status === 403) return { descriptor: m.notAllowed };
  if (error.status === 404) return { descriptor: m.notFound };
  if (error.status === 429)
    return error.minutes ? { descriptor: m.tooManyAttempts, values: { minutes: error.minutes } } : { descriptor: m.tooManyAttemptsSoon };
  return { descriptor: m.failed, values: { reason: error.message } };
}
