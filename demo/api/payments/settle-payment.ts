import type { Provider } from "booking-widget/contract";
import { placeLeft } from "../calendar/group-places.ts";
import { liveAppointmentSql } from "../appointments-sql.ts";
import type { ApiDeps } from "../api-deps.ts";
import { sendPaymentFailedNotice } from "../notices/send-payment-failed.ts";
import { sendAppointmentNotice } from "../notices/send-receipt.ts";
import { lockStaffCalendar } from "../calendar/staff-calendar-lock.ts";
import type { Queryable } from "../db/database.ts";
import { heldByOthers } from "../calendar/hold-queries.ts";
import { findProviderById } from "../providers/provider-queries.ts";
import type { GatewayVerdict } from "../ports/payment-gateway.ts";
import { PAYMENT_SELECT, type Payment } from "./payment-row.ts";
import { gatewayNamed } from "../ports/payment-gateway.ts";
import { type RefundReason, refundWhole } from "./refunds-due.ts";

/** What became of a payment after a verdict: its status, and whether this verdict changed it. */
export interface Settled {
  /** Null for a foreign verdict: about no payment this API started (ignored). */
  payment: Payment | null;
  status: Payment["status"] | null;
  /** false: the payment was settled before (a repeated event, a second return), or the verdict is foreign: nothing changed now. */
  changed: boolean;
}

/** Where a verdict came from: a gateway's webhook event is handled once by its id. */
export interface VerdictSource {
  gateway: string;
  event?: { id: string; type: string };
}

/** Amounts are equal when they round to the same cent (the database keeps two decimals). */
const sameAmount = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * Settles a payment by its gateway's verdict, once, so that every payment ends in one of
 * two states: a confirmed booking with its payment, or a refunded payment (its refund due
 * for the refund worker, which tells the customer). The payment's row is locked while it
 * is, so parallel deliveries of one event (or an event and the visitor's return, on any
 * process) decide once and send one receipt.
 *
 * - A verdict about no payment of ours (another gateway's, another checkout than the
 *   payment's, another account's, an event of a Payment Link on the same account)
 *   changes nothing: foreign.
 * - Paid: see `paidFor`. Money taken with another amount or currency is refunded.
 * - Declined or expired: the booking the payment was for is released, unless a newer
 *   attempt at paying it took the payment's place. A decline after the checkout had
 *   completed (settlingFailed: a debit that failed days later) also tells the customer,
 *   once, in this transaction (notices/send-payment-failed.ts).
 * - Open (still open, or completed by a method not settled yet): nothing changes.
 */
export async function settlePayment(deps: ApiDeps, verdict: GatewayVerdict, source: VerdictSource, siteUrl: string): Promise<Settled> {
  const now = deps.clock.now();
  const settled = await deps.db.transaction(async (tx): Promise<Settled> => {
    const [payment] = await tx.query<Payment>(`SELECT ${PAYMENT_SELECT} FROM payments WHERE id = $1 FOR UPDATE`, [verdict.paymentId]);
    const otherAccount = verdict.account !== undefined && verdict.account !== payment?.gatewayAccount;
    if (!payment || payment.gateway !== source.gateway || payment.gatewayReference !== verdict.reference || otherAccount) {
      return { payment: null, status: null, changed: false };
    }
    if (source.event) {
      const first = await tx.query(
        "INSERT INTO payment_events (id, payment_id, type, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING RETURNING id",
        [source.event.id, payment.id, source.event.type, now],
      );
      if (first.length === 0) return { payment, status: payment.status, changed: false };
    }
    // Money taken is never ignored, whatever was said of the payment before (a start that
    // timed out was recorded declined): it pays for the booking or goes back.
    const undecided =
      payment.status === "pending" || (verdict.outcome === "paid" && (payment.status === "declined" || payment.status === "expired"));
    if (!undecided || verdict.outcome === "open") return { payment, status: payment.status, changed: false };

    if (verdict.outcome !== "paid") {
      await tx.query("UPDATE payments SET status = $2, completed_at = $3 WHERE id = $1", [payment.id, verdict.outcome, now]);
      await releaseBooking(tx, payment.id, now);
      // A decline the visitor saw on the gateway's page needs no word; one after they left believing it paid does.
      if (verdict.outcome === "declined" && verdict.settlingFailed && payment.providerId !== null) {
        // (A page removed since: nobody to speak for; the release stands, and the gateway is not made to retry.)
        const provider = await findProviderById(tx, payment.providerId);
        if (provider) await sendPaymentFailedNotice(tx, deps, provider as Provider, payment.id, siteUrl, now);
      }
      return { payment: { ...payment, status: verdict.outcome }, status: verdict.outcome, changed: true };
    }

    await tx.query("UPDATE payments SET completed_at = $2 WHERE id = $1", [payment.id, now]);
    // Money that confirms nothing goes back, and the booking it was for (if it still waits for it) is released.
    const refused = async (reason: RefundReason, amountTaken?: number): Promise<Settled> => {
      await refundWhole(tx, payment.id, reason, amountTaken);
      await releaseBooking(tx, payment.id, now);
      return { payment: { ...payment, status: "refunded" }, status: "refunded", changed: true };
    };
    if (verdict.currency !== payment.currency || !sameAmount(verdict.amount, payment.amount)) {
      deps.logger.warn("payment took another amount; refunded", { gateway: source.gateway });
      return refused("amount-differs", verdict.currency === payment.currency ? verdict.amount : undefined);
    }
    // A payment made before its booking (the simulator's plain payu/initiate): the booking call uses it.
    if (payment.appointmentId === null) {
      await tx.query("UPDATE payments SET status = 'paid' WHERE id = $1", [payment.id]);
      return { payment: { ...payment, status: "paid" }, status: "paid", changed: true };
    }
    const confirmed = await paidFor(tx, payment.id, payment.appointmentId, now);
    if (confirmed !== true) return refused(confirmed);
    // A gateway that only reserved the money takes it now that it pays for the booking (after commit: capture-sender.ts).
    const capture = gatewayNamed(deps, source.gateway)?.capture ? "due" : null;
    await tx.query("UPDATE payments SET status = 'paid', capture = $2 WHERE id = $1", [payment.id, capture]);
    const [booking] = await tx.query<{ providerId: number }>(`SELECT provider_id AS "providerId" FROM appointments WHERE id = $1`, [
      payment.appointmentId,
    ]);
    const provider = (await findProviderById(tx, booking!.providerId)) as Provider;
    await sendAppointmentNotice(tx, deps, provider, payment.appointmentId, siteUrl, now, "Receipt");
    return { payment: { ...payment, status: "paid" }, status: "paid", changed: true };
  });
  // Counted once it is committed, and once per payment (a repeated verdict changes nothing);
  // a refund decided here is "refund-due", and "refunded" once the refund worker has made it.
  if (settled.changed) {
    const outcome = settled.status === "refunded" ? "refund-due" : settled.status!;
    deps.metrics.payments.inc({ gateway: source.gateway, outcome });
  }
  if (!settled.payment) {
    deps.logger.warn("payment verdict ignored", { gateway: source.gateway, reason: "about no payment started here" });
    deps.metrics.payments.inc({ gateway: source.gateway, outcome: "foreign" });
  }
  return settled;
}

/** The booking still waiting for this payment gives its time back (a newer attempt's booking is not this payment's to release). */
async function releaseBooking(tx: Queryable, paymentId: string, now: Date) {
  await tx.query(
    `UPDATE appointments SET status = 'cancelled', hold_expires_at = NULL, booked_from_digest = NULL, cancelled_at = $2
      WHERE payment_id = $1 AND status = 'awaiting_payment'`,
    [paymentId, now],
  );
}

/**
 * Money taken for a held booking confirms it, or answers why it cannot. While the hold
 * runs, the booking is confirmed (this attempt becomes its payment, whichever attempt the
 * visitor paid). After the hold ended (a webhook late, a payment finished just before its
 * checkout closed): grace, the booking is confirmed still when its time has not begun and
 * is free (no other live booking, no other visitor's hold), else the money goes back. A
 * booking another attempt paid for already is not paid twice. A series (issue 42) is paid
 * by one payment: every occurrence is confirmed, or none is and the money goes back.
 */
async function paidFor(tx: Queryable, paymentId: string, appointmentId: number, now: Date): Promise<true | RefundReason> {
  const peek = await tx.query<{ id: number; staffMemberId: number }>(
    `SELECT o.id, o.staff_member_id AS "staffMemberId" FROM appointments a
       JOIN appointments o ON o.id = a.id OR (a.series_id IS NOT NULL AND o.series_id = a.series_id)
      WHERE a.id = $1 ORDER BY o.series_position NULLS FIRST`,
    [appointmentId],
  );
  if (peek.length === 0) return "time-taken";
  // The calendars first, as a booking takes them: no booking or move can come between the check and the write.
  for (const staffId of [...new Set(peek.map((row) => row.staffMemberId))].sort((a, b) => a - b)) await lockStaffCalendar(tx, staffId);
  for (const { id } of peek) {
    const verdict = await stillTheirs(tx, paymentId, id, now);
    if (verdict === "paid") return true;
    if (verdict !== true) return verdict;
  }
  await tx.query(
    `UPDATE appointments SET status = 'confirmed', payment_id = $2, hold_expires_at = NULL, booked_from_digest = NULL, cancelled_at = NULL
      WHERE id = ANY($1::int[])`,
    [peek.map((row) => row.id), paymentId],
  );
  return true;
}

/** One held appointment: true when this payment may confirm it; "paid" when a payment confirmed it before; else why not. */
async function stillTheirs(tx: Queryable, paymentId: string, appointmentId: number, now: Date): Promise<true | "paid" | RefundReason> {
  const [booking] = await tx.query<{
    status: string;
    paymentId: string | null;
    holding: boolean;
    staffMemberId: number;
    startsAt: Date | string;
    blockedFrom: Date | string;
    blockedUntil: Date | string;
    session: string;
  }>(
    `SELECT status, payment_id AS "paymentId", (status = 'awaiting_payment' AND hold_expires_at > $2) AS holding,
            staff_member_id AS "staffMemberId", starts_at AS "startsAt", blocked_from AS "blockedFrom", blocked_until AS "blockedUntil",
            session_key AS session
       FROM appointments WHERE id = $1 FOR UPDATE`,
    [appointmentId, now],
  );
  if (!booking) return "time-taken";
  if (booking.status === "confirmed") return booking.paymentId === paymentId ? "paid" : "superseded";
  if (booking.holding) return true;
  if (new Date(booking.startsAt) <= now) return "time-taken";
  // Its time with its buffers, as every booking keeps it.
  const start = new Date(booking.blockedFrom);
  const end = new Date(booking.blockedUntil);
  const [taken] = await tx.query(
    `SELECT 1 FROM appointments WHERE staff_member_id = $1 AND id <> $2 AND tstzrange(blocked_from, blocked_until) && tstzrange($3, $4) AND ${liveAppointmentSql("$5")}
        AND session_key <> $6 LIMIT 1`,
    [booking.staffMemberId, appointmentId, start, end, now, booking.session],
  );
  if (taken || (await heldByOthers(tx, booking.staffMemberId, start, end, now, undefined, booking.session))) return "time-taken";
  // A group session's place: still one left for it (the others since booked count)?
  const [{ capacity } = { capacity: 1 }] = await tx.query<{ capacity: number }>(
    `SELECT coalesce(max(s.capacity), 1)::int AS capacity FROM appointment_services aps JOIN services s ON s.id = aps.service_id
      WHERE aps.appointment_id = $1`,
    [appointmentId],
  );
  if (capacity > 1 && !(await placeLeft(tx, booking.staffMemberId, booking.session, capacity, now, { movingAppointmentId: appointmentId })))
    return "time-taken";
  // Lapsed unpaid bookings still in the calendar's constraint give way (as a new booking makes them).
  await tx.query(
    `UPDATE appointments SET status = 'cancelled', cancelled_at = $5, booked_from_digest = NULL
      WHERE staff_member_id = $1 AND id <> $2 AND tstzrange(blocked_from, blocked_until) && tstzrange($3, $4) AND status = 'awaiting_payment' AND hold_expires_at <= $5`,
    [booking.staffMemberId, appointmentId, start, end, now],
  );
  return true;
}
