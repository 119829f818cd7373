import { formatPrice, type Provider, toLocale } from "booking-widget/contract";
import { type Clock, wallClock as systemWallClock } from "../clock.ts";
import type { Queryable } from "../db/database.ts";
import { batchWorker, type ClaimingWorkerOptions, claimedRowsPass } from "../workers/batch-worker.ts";
import type { ApiMetrics } from "../operations/metrics.ts";
import { providerDateTime } from "../notices/send-receipt.ts";
import type { Messenger } from "../outbox/messenger.ts";
import { refundMessage, type RefundReason } from "../outbox/message-texts.ts";
import { afterFailedAttempt, RETRY_DELAYS_MS } from "../workers/retry-policy.ts";
import { gatewayNamed, type PaymentGateways, RefundRefused } from "../ports/payment-gateway.ts";
import { findProviderById } from "../providers/provider-queries.ts";

export interface RefundSenderOptions extends ClaimingWorkerOptions {
  gateways: PaymentGateways;
  messenger: Messenger;
  /** The API's clock, for the message's queue time (the business clock, as every message). */
  clock: Clock;
  /** Where each refund's end is counted (booking_payments_total, outcome refunded or refund-failed). */
  metrics?: Pick<ApiMetrics, "payments">;
}

interface DueRefund {
  id: string;
  paymentId: string;
  gateway: string;
  gatewayReference: string | null;
  gatewayAccount: string | null;
  /** What the payment's refunds made before this one gave back. */
  refundedBefore: number;
  /** What goes back: all the money taken (whole), or the share of the cancelled appointments. */
  amount: number;
  whole: boolean;
  currency: string;
  reason: RefundReason;
  attempts: number;
  providerId: number | null;
  customerPhone: string;
  customerEmail: string;
  /** The appointment the message names: the first cancelled one, else the one the payment was for. */
  appointmentId: number | null;
  /** Every appointment a share gives back for (a series' cancelled occurrences): the message names each date. */
  appointmentIds: number[];
}

/** How one refund attempt ended. */
export type RefundOutcome = "refunded" | "retried" | "failed";

/**
 * Gives back the money of refunds that are due (payments/refunds-due.ts: all of a
 * payment's money, or the share of cancelled appointments), after the transaction that decided it: no request waits on the
 * gateway. Each pass claims due refunds (FOR UPDATE SKIP LOCKED, then a lease: two
 * processes never refund one payment at once, and a killed process's claims come back
 * when their lease ends; one refund of a payment at a time, the oldest first, so that a
 * gateway can tell a refund made before from a new one by what it holds as refunded), asks each one's gateway, and records the end:
 * - refunded (or refunded before: an attempt whose answer was lost): done, and the
 *   customer is told in the page's language, through the outbox, in the same transaction;
 * - refused for good (a disputed charge): failed, logged as an error, counted
 *   (booking_payments_total{outcome="refund-failed"}): the operator takes it from there;
 * - anything else (Stripe down, a timeout): tried again with the outbox's backoff, and
 *   failed after its last attempt.
 */
export function refundSender(options: RefundSenderOptions) {
  const {
    db,
    logger,
    gateways,
    messenger,
    clock,
    metrics,
    retryDelaysMs = RETRY_DELAYS_MS,
    leaseMs = 60_000,
    wallClock = () => systemWallClock.now(),
    batchSize = 10,
  } = options;

  const claim = (): Promise<DueRefund[]> => {
    const now = wallClock();
    return db.query<DueRefund>(
      `UPDATE refunds r SET claimed_until = $2, attempts = r.attempts + 1
         FROM payments p
        WHERE p.id = r.payment_id
          AND r.id IN (SELECT d.id FROM refunds d
                        WHERE d.status = 'due' AND (d.next_at IS NULL OR d.next_at <= $1) AND (d.claimed_until IS NULL OR d.claimed_until <= $1)
                          -- One refund of a payment at a time (the oldest first), here and on every process.
                          AND NOT EXISTS (SELECT 1 FROM refunds o WHERE o.payment_id = d.payment_id AND o.id <> d.id AND o.status = 'due'
                                             AND (o.claimed_until > $1 OR o.created_at < d.created_at OR (o.created_at = d.created_at AND o.id < d.id)))
                        ORDER BY d.next_at NULLS FIRST LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING r.id, r.payment_id AS "paymentId", p.gateway, p.gateway_reference AS "gatewayReference",
                  p.gateway_account AS "gatewayAccount",
                  (SELECT coalesce(sum(b.amount), 0)::float8 FROM refunds b WHERE b.payment_id = r.payment_id AND b.status = 'done') AS "refundedBefore",
                  r.amount::float8 AS amount,
                  (r.appointment_ids = '{}') AS whole, p.currency, r.reason, r.attempts,
                  p.provider_id AS "providerId", p.customer_phone AS "customerPhone", p.customer_email AS "customerEmail",
                  coalesce(r.appointment_ids[1], p.appointment_id) AS "appointmentId", r.appointment_ids AS "appointmentIds"`,
      [now, new Date(now.getTime() + leaseMs), batchSize],
    );
  };

  const attempt = async (refund: DueRefund): Promise<RefundOutcome> => {
    const gateway = gatewayNamed({ gateways }, refund.gateway);
    let problem: string | null = null;
    let lasting = false;
    if (!gateway) {
      problem = `this deployment has no ${refund.gateway} gateway`;
    } else if (gateway.refund && refund.gatewayReference) {
      try {
        const answer = await gateway.refund(
          { reference: refund.gatewayReference, account: refund.gatewayAccount },
          refund,
          `refund-${refund.id}-${refund.attempts}`,
        );
        if (answer === "already-refunded") logger.info("payment was refunded before", { gateway: refund.gateway });
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
        lasting = error instanceof RefundRefused;
      }
    }
    // A gateway without refunds (the demo's simulator) moved no money: giving it back is only the record.
    const fields = { gateway: refund.gateway, reason: refund.reason, attempts: refund.attempts };
    if (problem === null) {
      await db.transaction(async (tx) => {
        const [done] = await tx.query(
          "UPDATE refunds SET status = 'done', refunded_at = $2, claimed_until = NULL, error = NULL WHERE id = $1 AND status = 'due' RETURNING id",
          [refund.id, wallClock()],
        );
        if (done) await tellCustomer(tx, messenger, refund, clock.now());
      });
      logger.info("payment refunded", fields);
      metrics?.payments.inc({ gateway: refund.gateway, outcome: "refunded" });
      return "refunded";
    }
    return afterFailedAttempt({ made: refund.attempts, lasting }, wallClock(), retryDelaysMs, {
      giveUp: async () => {
        await db.query("UPDATE refunds SET status = 'failed', claimed_until = NULL, error = $2 WHERE id = $1", [refund.id, problem]);
        logger.error("payment refund failed for good; the operator must give the money back", { ...fields, error: problem });
        metrics?.payments.inc({ gateway: refund.gateway, outcome: "refund-failed" });
      },
      retryAt: async (at, delay) => {
        await db.query("UPDATE refunds SET claimed_until = NULL, next_at = $2, error = $3 WHERE id = $1", [refund.id, at, problem]);
        logger.warn("payment refund not made yet", { ...fields, error: problem, retryInMs: delay });
      },
    });
  };

  /** One pass: claims the refunds due and makes them. */
  const worker = batchWorker(claimedRowsPass(claim, attempt, ["refunded", "retried", "failed"]), { name: "refund", batchSize, logger });

  return {
    refundDue: worker.runOnce,
    /** Makes the refunds due every `intervalMs` until stopped. */
    start: (intervalMs = 2_000) => worker.start(intervalMs),
    /** Stops asking for more, and waits for the pass under way (its outcomes are recorded). */
    stop: worker.stop,
  };
}

export type RefundSender = ReturnType<typeof refundSender>;

/** The refund's message, on the booking's phone (else its e-mail), else the payer's, in the page's language. */
async function tellCustomer(tx: Queryable, messenger: Messenger, refund: DueRefund, now: Date) {
  const provider = refund.providerId === null ? undefined : ((await findProviderById(tx, refund.providerId)) as Provider | undefined);
  const [booking] =
    refund.appointmentId === null
      ? []
      : await tx.query<{ startsAt: Date | string; phoneNumber: string; emailAddress: string }>(
          `SELECT starts_at AS "startsAt", phone_number AS "phoneNumber", email_address AS "emailAddress" FROM appointments WHERE id = $1`,
          [refund.appointmentId],
        );
  const phone = booking?.phoneNumber || refund.customerPhone;
  const email = booking?.emailAddress || refund.customerEmail;
  if (!phone && !email) return;
  const language = provider?.language ?? "no";
  const when = booking && provider ? providerDateTime(new Date(booking.startsAt), provider) : null;
  // A share of several appointments names each of them, soonest first.
  const others = refund.appointmentIds.filter((id) => id !== refund.appointmentId);
  const also =
    provider && when && others.length > 0
      ? (
          await tx.query<{ startsAt: Date | string }>(
            `SELECT starts_at AS "startsAt" FROM appointments WHERE id = ANY($1::int[]) ORDER BY starts_at`,
            [others],
          )
        ).map((row) => providerDateTime(new Date(row.startsAt), provider))
      : [];
  const message = refundMessage(language, {
    company: provider?.companyName ?? "",
    amount: `${formatPrice(refund.amount, toLocale(language) ?? "no")} (${refund.currency})`,
    cause: refund.reason,
    date: when?.date ?? null,
    time: when?.time ?? null,
    also,
  });
  const about = { appointmentId: refund.appointmentId };
  await messenger.send(
    tx,
    phone ? { channel: "sms", to: phone, ...message, ...about } : { channel: "email", to: email, ...message, ...about },
    now,
  );
}
