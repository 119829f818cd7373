/** What a screen waits for: one SWR answer's data, error and a way to ask again. */
export interface Load<T> {
  data: T | undefined;
  error: unknown;
  retry(): void;
}

/** An SWR response as a Load (its mutate asks again). */
export function loadOf<T>(response: { data: T | undefined; error: unknown; mutate(): unknown }): Load<T> {
  return { data: response.data, error: response.error, retry: () => void response.mutate() };
}

/**
 * Several loads as one: their data together once every one has arrived, the first
 * error of any, and a retry that asks again for each.
 */
export function allLoaded<T extends unknown[]>(...loads: { [K in keyof T]: Load<T[K]> }): Load<T> {
  const list = loads as Load<unknown>[];
  const error = list.find((load) => load.error)?.error;
  const ready = list.every((load) => load.data !== undefined);
  return {
    data: ready ? (list.map((load) => load.data) as T) : undefined,
    error,
    retry: () => {
      for (const load of list) load.retry();
    },
  };
}
