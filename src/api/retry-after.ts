import { now } from "../time/now.ts";

/**
 * Seconds to wait from a Retry-After header: delta-seconds ("120") or an HTTP date;
 * undefined when absent or unreadable, never negative.
 */
export function retryAfterSeconds(value: string | null | undefined, at: number = now().getTime()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its day and zone ("Tue, 24 Nov 2026 12:05:00 GMT"); anything else is not one.
  if (!/GMT$/.test(text)) return undefined;
  const until = Date.parse(text);
  return Number.isNaN(until) ? undefined : Math.max(0, Math.ceil((until - at) / 1000));
}
