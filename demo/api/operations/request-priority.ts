import { readsOnly } from "booking-widget/contract";

/**
 * Where a request stands when the process is full (issue 58): "never" is never shed nor
 * queued (the orchestrator's health and readiness, the scraper's metrics, and a payment
 * gateway's notification, which must always get in: a payment's end hangs on it);
 * "write" (bookings, holds, codes, payments: every change) comes before "read".
 */
export type RequestPriority = "never" | "write" | "read";

/** The orchestrator's and the scraper's; the server adds its payment gateways' webhooks (load-shedding.ts `neverShed`). */
export const OPERATIONS_PATHS = ["/healthz", "/readyz", "/metrics"] as const;

export function requestPriority(
  method: string,
  pathname: string,
  neverShed: ReadonlySet<string> = new Set(OPERATIONS_PATHS),
): RequestPriority {
  if (neverShed.has(pathname)) return "never";
  // The POSTs that only read (the hours' questions go as bodies): the widget's own list, which it asks again when shed.
  if (method === "HEAD" || readsOnly(method, pathname)) return "read";
  // Every change; and a CORS preflight, which goes before the call it clears (mostly a change: reads are cheaper to lose).
  return "write";
}
