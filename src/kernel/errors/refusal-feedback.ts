import type { MessageDescriptor } from "@lingui/core";
import { refusalOf, refusedAsLimit } from "../../api/refusal-of.ts";
import type { RefusalCode } from "../../contract/refusals.ts";
import { shellMessages } from "../shell-messages.ts";
import { waitMessage } from "./wait-message.ts";

/** What a dialog says of a failed call: its text, and the stable code of the page's bw-error event. */
export interface RefusalFeedback {
  code: string;
  text: MessageDescriptor;
}

/**
 * The one mapping from a failed call to what the visitor is told, by the refusal the API
 * names (contract/refusals.ts), never by its HTTP status: a refusal the caller has words
 * for (`known`); a limit (a refusal the contract answers with 429, or a bare 429 from an
 * API that names none) says to wait, with the minutes when the API said them; anything
 * else is the general failure.
 */
export function refusalFeedback(error: unknown, known: Partial<Record<RefusalCode, MessageDescriptor>> = {}): RefusalFeedback {
  const refusal = refusalOf(error);
  const words = refusal && known[refusal];
  if (refusal && words) return { code: refusal, text: words };
  if (refusedAsLimit(error)) return { code: "too-many-attempts", text: waitMessage(error) };
  return { code: "failed", text: shellMessages.failed };
}
