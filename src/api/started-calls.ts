import { isApiError } from "./errors.ts";
import { shed } from "./read-retry.ts";

/**
 * Calls started before React asks for them: at the element's first render the
 * provider (and, when it is known from an earlier visit or the page, its services) are
 * requested at once, in parallel, instead of one after the other as the screens mount;
 * and when a service or a staff member is tapped, what the next step will show
 * (booking/prefetch/next-step-calls.ts). The hook that wants the answer takes the
 * started call; each is handed out once, so a later revalidation asks the API again.
 * A started call that failed, or that is older than STARTED_CALL_MAX_AGE_MS, is made
 * anew by its taker: a prefetch never costs the visitor an error or an old answer (but
 * one the API shed: that is its taker's to say).
 */
/**
 * A call's key is its query's own SWR key (kernel/provider/provider-keys.ts,
 * calendar/hours-keys.ts …): one identity for the answer in the cache and for the call
 * started ahead of it, so that a prefetch is found by exactly the query that wants it.
 */
export type CallKey = readonly unknown[];

/** How long a started answer stays good to hand out: what a visitor sees was asked for moments ago. */
export const STARTED_CALL_MAX_AGE_MS = 30_000;

export interface StartOptions {
  /**
   * The caller puts the answer in a cache the taker reads (a prefetch): the call is handed
   * out only while it is under way. Once it has answered, the taker asks afresh, so what
   * the visitor sees from memory is checked by an answer of its own (a time taken since
   * the prefetch is not offered once that answer is in).
   */
  untilAnswered?: boolean;
}

export interface StartedCalls {
  /** Starts `call` under `key` (unless a fresh one runs already); answers that call. */
  start<T>(key: CallKey, call: () => Promise<T>, options?: StartOptions): Promise<T>;
  /** The call started under `key` (unless it failed or is too old), else a new one. */
  take<T>(key: CallKey, call: () => Promise<T>): Promise<T>;
  /**
   * Whether a call taken under `key` has answered in this element: its answer is in the
   * element's cache, fresh. The first screen's queries do not ask again as another screen
   * that shows them mounts, however late (kernel/provider/useServices.ts).
   */
  answered(key: CallKey): boolean;
}

export function createStartedCalls(clock: () => number = () => performance.now()): StartedCalls {
  const started = new Map<string, { promise: Promise<unknown>; at: number }>();
  const answered = new Set<string>();
  return {
    start<T>(callKey: CallKey, call: () => Promise<T>, { untilAnswered = false }: StartOptions = {}) {
      const key = JSON.stringify(callKey);
      const earlier = started.get(key);
      if (earlier && clock() - earlier.at <= STARTED_CALL_MAX_AGE_MS) return earlier.promise as Promise<T>;
      const promise = call();
      const entry = { promise, at: clock() };
      // A key started anew is to be taken again (an element put back in the page starts its
      // first screen, and a cache of its own, again).
      answered.delete(key);
      // Nobody may ever take it (the visitor chose something else): never an unhandled
      // rejection on the host page.
      promise.catch(() => undefined);
      if (untilAnswered) {
        const settled = () => {
          if (started.get(key) === entry) started.delete(key);
        };
        promise.then(settled, settled);
      }
      started.set(key, entry);
      return promise;
    },
    take<T>(callKey: CallKey, call: () => Promise<T>) {
      const key = JSON.stringify(callKey);
      const entry = started.get(key);
      started.delete(key);
      // A started call the API shed, even when asked again (http.ts), is its taker's failure:
      // asking at once anew would add to the load it shed (the taker says so, with Try again).
      const taken =
        !entry || clock() - entry.at > STARTED_CALL_MAX_AGE_MS
          ? call()
          : (entry.promise as Promise<T>).catch((error: unknown) => (isApiError(error) && shed(error) ? Promise.reject(error) : call()));
      taken.then(
        () => answered.add(key),
        () => undefined,
      );
      return taken;
    },
    answered: (callKey) => answered.has(JSON.stringify(callKey)),
  };
}
