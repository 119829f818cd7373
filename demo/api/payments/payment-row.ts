import type { Queryable } from "../db/database.ts";
import type { RefundReason } from "../outbox/message-texts.ts";

/** Why a payment's money goes back: one list with the refund's message (outbox/message-texts.ts). */
export type { RefundReason };

/** A payments row: what was asked of a gateway, and what became of it. */
export interface Payment {
  id: string;
  providerId: number | null;
  appointmentId: number | null;
  method: "payu" | "vipps";
  /** The gateway that took it (stripe, simulator) and its own reference there (a Checkout Session id). */
  gateway: string;
  gatewayReference: string | null;
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  failureUrl: string;
  /**
   * pending: no verdict yet; paid: the money pays for its booking; declined, expired: no
   * money was taken; refunded: money was taken that pays for nothing, and goes back.
   */
  status: "pending" | "paid" | "declined" | "expired" | "refunded";
  /** How far the refund of a refunded payment is: due (the worker makes it), done, or failed for good. */
  refund: "due" | "done" | "failed" | null;
}

export const PAYMENT_SELECT = `id, provider_id AS "providerId", appointment_id AS "appointmentId", method, gateway,
  gateway_reference AS "gatewayReference", amount::float8 AS amount, currency, description,
  success_url AS "successUrl", failure_url AS "failureUrl", status, refund`;

export async function paymentById(db: Queryable, id: string): Promise<Payment | undefined> {
  const [row] = await db.query<Payment>(`SELECT ${PAYMENT_SELECT} FROM payments WHERE id = $1`, [id]);
  return row;
}

/**
 * Inside the transaction that decided it: the payment's money goes back. The payment is
 * refunded (a paid one too: its booking was cancelled), and its refund is due now for the
 * refund worker (refunds/refund-sender.ts), which makes it after commit and tells the customer.
 */
export async function markRefundDue(tx: Queryable, paymentId: string, reason: RefundReason, amountTaken?: number): Promise<void> {
  await tx.query(
    `UPDATE payments SET status = 'refunded', refund = 'due', refund_reason = $2, refund_next_at = NULL, refund_attempts = 0,
            amount_taken = coalesce($3, amount_taken)
      WHERE id = $1 AND refund IS NULL`,
    [paymentId, reason, amountTaken ?? null],
  );
}
