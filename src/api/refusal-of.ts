import { isApiError } from "./errors.ts";
import { REFUSALS, type RefusalCode, SPEC_TEXTS } from "../contract/refusals.ts";

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

/**
 * The call was refused as `code`: the refusal the API names, or — from an API that names
 * none, as the spec's — the status the contract gives that refusal. A named refusal is
 * never read from its status.
 */
export function refusedAs(error: unknown, code: RefusalCode): boolean {
  const refusal = refusalOf(error);
  if (refusal !== undefined) return refusal === code;
  return isApiError(error) && error.kind === "http" && error.status === REFUSALS[code].status;
}

/** A limit: a refusal the contract answers with 429 (too many codes, attempts, holds …), or a bare 429. */
export function refusedAsLimit(error: unknown): boolean {
  const refusal = refusalOf(error);
  if (refusal !== undefined) return REFUSALS[refusal].status === 429;
  return isApiError(error) && error.kind === "http" && error.status === 429;
}
