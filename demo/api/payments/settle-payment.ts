import type { Provider } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { sendAppointmentNotice } from "../bookings/send-receipt.ts";
import { refuse } from "../http-errors.ts";
import { findProviderById } from "../providers/provider-queries.ts";
import type { GatewayVerdict } from "./payment-gateway.ts";
import { PAYMENT_SELECT, type Payment } from "./payment-row.ts";

/** What became of a payment after a verdict: its status, and whether this verdict changed it. */
export interface Settled {
  payment: Payment;
  status: Payment["status"];
  /** false: the payment was settled before (a repeated event, a second return), nothing changed now. */
  changed: boolean;
}

/** Where a verdict came from: a gateway's webhook event is handled once by its id. */
export interface VerdictSource {
  gateway: string;
  event?: { id: string; type: string };
}

/**
 * Settles a payment by its gateway's verdict, once. The payment's row is locked while it
 * is, so parallel deliveries of one event (or an event and the visitor's return) confirm
 * one booking once and send one receipt. The verdict must be about this very payment:
 * the gateway that took it, its reference, and, when paid, its amount and currency,
 * or it is refused and changes nothing.
 *
 * Paid: the booking it holds is confirmed (with its receipt) while the hold still runs;
 * after the hold ran out, the time is given back, the payment is `expired` and its money
 * is due back (refunded by the caller, see refundIfDue). Declined or expired: the held
 * booking is released.
 */
export async function settlePayment(deps: ApiDeps, verdict: GatewayVerdict, source: VerdictSource, siteUrl: string): Promise<Settled> {
  const now = deps.clock.now();
  const settled = await deps.db.transaction(async (tx): Promise<Settled> => {
    const [payment] = await tx.query<Payment>(`SELECT ${PAYMENT_SELECT} FROM payments WHERE id = $1 FOR UPDATE`, [verdict.paymentId]);
    if (!payment || payment.gateway !== source.gateway || payment.gatewayReference !== verdict.reference) {
      deps.logger.warn("payment verdict refused", { gateway: source.gateway, reason: "not this gateway's payment" });
      refuse("payment-unknown");
    }
    if (verdict.outcome === "paid" && (verdict.currency !== payment.currency || Math.abs(verdict.amount - payment.amount) >= 0.005)) {
      deps.logger.warn("payment verdict refused", { gateway: source.gateway, reason: "amount or currency differs" });
      refuse("payment-amount-differs");
    }
    if (source.event) {
      const first = await tx.query(
        "INSERT INTO payment_events (id, payment_id, type, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING id",
        [source.event.id, payment.id, source.event.type, now],
      );
      if (first.length === 0) return { payment, status: payment.status, changed: false };
    }
    if (payment.status !== "pending" || verdict.outcome === "open") return { payment, status: payment.status, changed: false };

    const [held] = await tx.query<{ id: number; providerId: number; lapsed: boolean }>(
      `SELECT id, provider_id AS "providerId", (status <> 'awaiting_payment' OR hold_expires_at <= $2) AS lapsed
         FROM appointments WHERE payment_id = $1 FOR UPDATE`,
      [payment.id, now],
    );
    // A payment started for a booking that no longer waits for it (its hold ran out, or
    // a newer payment took its place) confirms nothing: its money goes back.
    const orphaned = verdict.outcome === "paid" && (held ? held.lapsed : payment.appointmentId !== null);
    const status = orphaned ? "expired" : verdict.outcome;
    await tx.query("UPDATE payments SET status = $2, completed_at = $3, refund = $4 WHERE id = $1", [
      payment.id,
      status,
      now,
      orphaned ? "due" : null,
    ]);
    if (held && status === "paid") {
      await tx.query("UPDATE appointments SET status = 'confirmed', hold_expires_at = NULL, booked_from_digest = NULL WHERE id = $1", [
        held.id,
      ]);
      await sendAppointmentNotice(tx, deps, (await findProviderById(tx, held.providerId)) as Provider, held.id, siteUrl, now, "Receipt");
    } else if (held) {
      await tx.query(
        "UPDATE appointments SET status = 'cancelled', hold_expires_at = NULL, booked_from_digest = NULL, cancelled_at = $2 WHERE id = $1 AND status = 'awaiting_payment'",
        [held.id, now],
      );
    }
    return { payment: { ...payment, status, refund: orphaned ? "due" : null }, status, changed: true };
  });
  // Counted once it is committed, and once per payment (a repeated verdict changes nothing).
  if (settled.changed) deps.metrics.payments.inc({ gateway: source.gateway, outcome: settled.status });
  return settled;
}
