import { wallClock } from "../api/clock.ts";

export interface ShortCacheOptions<T> {
  /** How long an answer is reused. */
  ttlMs: number;
  /** At most this many answers are kept; the oldest goes first. */
  maxEntries: number;
  /** Whether an answer is kept at all (an unknown page's is not: any name can be asked). */
  keep?: (value: T) => boolean;
  /** Milliseconds of the machine's real time (how old an answer is, not a booking rule). */
  now?: () => number;
}

/**
 * Answers computed once and reused for a few seconds: the requests that ask meanwhile,
 * those still under way included, share the one computation. For what every visit to a
 * page asks and what may be a few seconds old (the widget asks again once it runs): the
 * server reads the database and renders once per page and second, however many visitors
 * or parallel requests. A failed computation is not kept.
 */
export function shortCache<T>({
  ttlMs,
  maxEntries,
  keep = () => true,
  now: currentMs = () => wallClock.now().getTime(),
}: ShortCacheOptions<T>) {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  const forget = (key: string, value: Promise<T>) => {
    if (entries.get(key)?.value === value) entries.delete(key);
  };
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const at = currentMs();
    const found = entries.get(key);
    if (found && found.until > at) return found.value;
    entries.delete(key);
    const value = compute();
    entries.set(key, { until: at + ttlMs, value });
    value.then(
      (answer) => {
        if (!keep(answer)) forget(key, value);
      },
      () => forget(key, value),
    );
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(oldest);
    }
    return value;
  };
}
