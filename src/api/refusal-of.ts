import { isApiError } from "./errors.ts";
import { type RefusalCode, SPEC_TEXTS } from "../contract/refusals.ts";

/**
 * The refusal an API error carries: the code the reference API sends beside its message,
 * or, from an API that sends none (the spec's), the refusal its words name (spec §4, §8).
 * Undefined for anything else: an unreachable API, a server failure, another refusal.
 */
export function refusalOf(error: unknown): RefusalCode | undefined {
  if (!isApiError(error) || error.kind !== "http") return undefined;
  if (error.refusal !== undefined) return error.refusal as RefusalCode;
  const text = error.serverMessage?.toLowerCase() ?? "";
  const named = Object.entries(SPEC_TEXTS).find(([, words]) => text.includes(words.toLowerCase()));
  return named?.[0] as RefusalCode | undefined;
}
