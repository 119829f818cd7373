import { isApiError } from "./errors.ts";
import { newIdempotencyKey } from "./idempotency-key.ts";
import { refusalOf } from "./refusal-of.ts";

/** How often a keyed call is sent in all, and the longest wait between two sends. */
const SENDS = 4;
const MAX_WAIT_MS = 5000;

/**
 * A call that must happen once (a booking, a payment's start) sent with an
 * Idempotency-Key. When its answer says nothing was decided yet, or got lost (no answer
 * at all, 503 with Retry-After while the API's database fails over, or "the first
 * request with this key is still running"), it is sent again with the same key after the
 * wait the API asked for: a repeat gets the first request's answer, never a second booking.
 * Anything else (an answer, a refusal) ends it at once.
 */
export function keyedCalls(wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms))) {
  // The key of each request not answered yet: pressing "book" again after a failure sends
  // the same key, so that a booking the API made but whose answer was lost is answered.
  const pending = new Map<string, string>();
  return async function send<T>(request: unknown, call: (key: string) => Promise<T>): Promise<T> {
    const body = JSON.stringify(request);
    const key = pending.get(body) ?? newIdempotencyKey();
    pending.set(body, key);
    for (let sent = 1; ; sent++) {
      try {
        const answer = await call(key);
        pending.delete(body);
        return answer;
      } catch (error) {
        const again = undecided(error);
        if (!again) pending.delete(body);
        if (!again || sent >= SENDS) throw error;
        const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
        await wait(Math.min(MAX_WAIT_MS, 1000 * (seconds ?? 1)));
      }
    }
  };
}

/** The API decided nothing it said (or said nothing at all): the same key may be sent again. */
function undecided(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === "network") return true;
  if (error.kind !== "http") return false;
  const refusal = refusalOf(error);
  return error.status === 503 || refusal === "idempotency-key-in-flight" || refusal === "idempotency-key-free-again";
}
