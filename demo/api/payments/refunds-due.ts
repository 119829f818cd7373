import { randomBytes } from "node:crypto";
import type { Queryable } from "../db/database.ts";
import type { RefundReason } from "../outbox/message-texts.ts";
import { refundShare } from "./refund-share.ts";

/** Why a payment's money goes back: one list with the refund's message (outbox/message-texts.ts). */
export type { RefundReason };

/** What a cancel gives back: the amount, or null when nothing was paid online for it. */
export type CancelRefund = { amount: number; currency: string } | null;

const newRefundId = () => randomBytes(16).toString("hex");

/** A payment that goes back whole is not captured any more: its reservation is given back instead (the refund worker). */
const VOID_CAPTURE = "capture = CASE WHEN capture = 'due' THEN 'void' ELSE capture END";

/**
 * Inside the transaction that decided it: all of the payment's money goes back, as it
 * pays for nothing (its time taken, another amount, another attempt paid). The payment is
 * refunded, and its refund is due for the refund worker (refunds/refund-sender.ts), which
 * makes it after commit and tells the customer. Once per payment.
 */
export async function refundWhole(tx: Queryable, paymentId: string, reason: RefundReason, amountTaken?: number): Promise<void> {
  const [payment] = await tx.query<{ amount: number }>(
    `UPDATE payments SET status = 'refunded', amount_taken = coalesce($2, amount_taken), ${VOID_CAPTURE} WHERE id = $1
      RETURNING coalesce(amount_taken, amount)::float8 AS amount`,
    [paymentId, amountTaken ?? null],
  );
  if (!payment || payment.amount <= 0) return;
  await tx.query(
    `INSERT INTO refunds (id, payment_id, amount, reason) VALUES ($1, $2, $3, $4) ON CONFLICT (payment_id) WHERE appointment_ids = '{}' DO NOTHING`,
    [newRefundId(), paymentId, payment.amount, reason],
  );
}

/**
 * What cancelling these appointments gives back of the payment that paid for them
 * (refund-share.ts), and whether that leaves the payment paying for nothing: asked
 * before the cancel (My Page's "cancel the rest" says the amount first, issue 57) and
 * inside it (refundCancelled), so both say the same. The payment's live appointments are
 * counted without `appointmentIds`, cancelled yet or not. Null when it is not paid.
 */
export async function cancelShare(
  q: Queryable,
  paymentId: string,
  appointmentIds: readonly number[],
  { lock = false } = {},
): Promise<{ amount: number; currency: string; nothingLeft: boolean } | null> {
  const [payment] = await q.query<{ taken: number; currency: string }>(
    `SELECT coalesce(amount_taken, amount)::float8 AS taken, currency FROM payments WHERE id = $1 AND status = 'paid'${lock ? " FOR UPDATE" : ""}`,
    [paymentId],
  );
  if (!payment) return null;
  const [counts] = await q.query<{ appointments: number; live: number; refunded: number }>(
    `SELECT count(*)::int AS appointments, count(*) FILTER (WHERE status <> 'cancelled' AND id <> ALL($2::int[]))::int AS live,
            (SELECT coalesce(sum(amount), 0)::float8 FROM refunds WHERE payment_id = $1) AS refunded
       FROM appointments WHERE payment_id = $1`,
    [paymentId, [...appointmentIds]],
  );
  const nothingLeft = counts!.live === 0;
  return { amount: refundShare({ ...payment, ...counts! }, appointmentIds.length, nothingLeft), currency: payment.currency, nothingLeft };
}

/**
 * Inside the transaction that cancelled them: the share of these appointments in the
 * payment that paid for them goes back (cancelShare: one payment pays for every
 * occurrence of a series; a payment for one appointment is all of it). When no live
 * appointment is left for the payment, it is refunded. The caller cancelled them in this
 * transaction (each once), so no share is given twice.
 */
export async function refundCancelled(
  tx: Queryable,
  paymentId: string,
  appointmentIds: readonly number[],
  reason: RefundReason,
): Promise<CancelRefund> {
  const share = await cancelShare(tx, paymentId, appointmentIds, { lock: true });
  if (!share) return null;
  const { amount, currency, nothingLeft } = share;
  if (nothingLeft) await tx.query(`UPDATE payments SET status = 'refunded', ${VOID_CAPTURE} WHERE id = $1`, [paymentId]);
  if (amount <= 0) return null;
  await tx.query("INSERT INTO refunds (id, payment_id, appointment_ids, amount, reason) VALUES ($1, $2, $3, $4, $5)", [
    newRefundId(),
    paymentId,
    [...appointmentIds],
    amount,
    reason,
  ]);
  return { amount, currency };
}
