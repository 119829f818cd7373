import { readsOnly } from "booking-widget/contract";
import { WALLET_WEBHOOK_PATH } from "../payments/vipps-names.ts";

/**
 * Where a request stands when the process is full (issue 58): "never" is never shed nor
 * queued (the orchestrator's health and readiness, the scraper's metrics, and a payment
 * gateway's notification, which must always get in: a payment's end hangs on it);
 * "write" (bookings, holds, codes, payments: every change) comes before "read".
 */
export type RequestPriority = "never" | "write" | "read";

const NEVER_SHED = new Set(["/healthz", "/readyz", "/metrics", "/api/payments/stripe/webhook", `/api${WALLET_WEBHOOK_PATH}`]);

export function requestPriority(method: string, pathname: string): RequestPriority {
  if (NEVER_SHED.has(pathname)) return "never";
  // The POSTs that only read (the hours' questions go as bodies): the widget's own list, which it asks again when shed.
  if (method === "HEAD" || readsOnly(method, pathname)) return "read";
  // Every change; and a CORS preflight, which goes before the call it clears (mostly a change: reads are cheaper to lose).
  return "write";
}
