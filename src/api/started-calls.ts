/**
 * Calls started before React asks for them: at the element's first render the
 * provider (and, when it is known from an earlier visit or the page, its services) are
 * requested at once, in parallel, instead of one after the other as the screens mount.
 * The hook that wants the answer takes the started call; each is handed out once, so
 * a later revalidation asks the API again.
 */
export const providerCallKey = (bookingLink: string) => `provider:${bookingLink}`;
export const servicesCallKey = (userId: number) => `services:${userId}`;

export interface StartedCalls {
  start<T>(key: string, call: () => Promise<T>): void;
  /** The call started under `key`, else a new one. */
  take<T>(key: string, call: () => Promise<T>): Promise<T>;
}

export function createStartedCalls(): StartedCalls {
  const started = new Map<string, Promise<unknown>>();
  return {
    start(key, call) {
      if (started.has(key)) return;
      const promise = call();
      // Nobody may ever take it (the provider changed its id): never an unhandled
      // rejection on the host page. The taker still sees the failure.
      promise.catch(() => undefined);
      started.set(key, promise);
    },
    take<T>(key: string, call: () => Promise<T>) {
      const promise = started.get(key) as Promise<T> | undefined;
      started.delete(key);
      return promise ?? call();
    },
  };
}
