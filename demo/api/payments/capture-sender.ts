import { wallClock as systemWallClock } from "../clock.ts";
import { batchWorker, type ClaimingWorkerOptions, claimedRowsPass } from "../workers/batch-worker.ts";
import type { ApiMetrics } from "../operations/metrics.ts";
import { afterFailedAttempt, RETRY_DELAYS_MS } from "../workers/retry-policy.ts";
import { CaptureVoid, gatewayNamed, type PaymentGateways } from "../ports/payment-gateway.ts";

export interface CaptureSenderOptions extends ClaimingWorkerOptions {
  gateways: PaymentGateways;
  metrics?: Pick<ApiMetrics, "payments">;
}

interface DueCapture {
  id: string;
  gateway: string;
  reference: string;
  account: string | null;
  amount: number;
  currency: string;
  attempts: number;
}

export type CaptureOutcome = "captured" | "retried" | "failed" | "void";

/**
 * Takes the money a gateway only reserved (the mobile wallet) once its booking is
 * confirmed: settle-payment.ts marks the capture due in the transaction that confirms the
 * booking, and this worker makes it after commit, so no request waits on the gateway and
 * a crash loses nothing (a killed process's claims come back when their lease ends).
 * Claimed like the refunds (FOR UPDATE SKIP LOCKED, then a lease), only while the payment
 * still pays for something (a refunded one is given back instead, by the refund worker).
 * Ends: captured; void (the reservation went back or lapsed first); retried with the
 * outbox's backoff; failed after the last attempt, logged as an error and counted
 * (booking_payments_total{outcome="capture-failed"}) for the operator.
 */
export function captureSender(options: CaptureSenderOptions) {
  const {
    db,
    logger,
    gateways,
    metrics,
    retryDelaysMs = RETRY_DELAYS_MS,
    leaseMs = 60_000,
    wallClock = () => systemWallClock.now(),
    batchSize = 10,
  } = options;

  const claim = (): Promise<DueCapture[]> => {
    const now = wallClock();
    return db.query<DueCapture>(
      `UPDATE payments p SET capture_claimed_until = $2, capture_attempts = p.capture_attempts + 1
        WHERE p.id IN (SELECT id FROM payments
                        WHERE capture = 'due' AND status = 'paid' AND gateway_reference IS NOT NULL
                          AND (capture_next_at IS NULL OR capture_next_at <= $1) AND (capture_claimed_until IS NULL OR capture_claimed_until <= $1)
                        ORDER BY capture_next_at NULLS FIRST LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING p.id, p.gateway, p.gateway_reference AS reference, p.gateway_account AS account,
                  coalesce(p.amount_taken, p.amount)::float8 AS amount, p.currency, p.capture_attempts AS attempts`,
      [now, new Date(now.getTime() + leaseMs), batchSize],
    );
  };

  // Made is recorded whatever happened meanwhile (a refund that voided it finds the money captured and gives it back).
  const end = (id: string, capture: "done" | "void" | "failed", error: string | null) =>
    db.query(
      "UPDATE payments SET capture = $2, capture_claimed_until = NULL, capture_error = $3 WHERE id = $1 AND (capture = 'due' OR $2 = 'done')",
      [id, capture, error],
    );

  const attempt = async (due: DueCapture): Promise<CaptureOutcome> => {
    const gateway = gatewayNamed({ gateways }, due.gateway);
    const fields = { gateway: due.gateway, attempts: due.attempts };
    let problem: string;
    try {
      if (!gateway?.capture) throw new Error(`this deployment has no ${due.gateway} gateway that captures`);
      await gateway.capture({ reference: due.reference, account: due.account }, due);
      await end(due.id, "done", null);
      logger.info("payment captured", fields);
      metrics?.payments.inc({ gateway: due.gateway, outcome: "captured" });
      return "captured";
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
      if (error instanceof CaptureVoid) {
        await end(due.id, "void", problem);
        logger.warn("payment capture void: nothing left to capture", { ...fields, error: problem });
        return "void";
      }
    }
    return afterFailedAttempt({ made: due.attempts }, wallClock(), retryDelaysMs, {
      giveUp: async () => {
        await end(due.id, "failed", problem);
        logger.error("payment capture failed for good; the operator must take the money", { ...fields, error: problem });
        metrics?.payments.inc({ gateway: due.gateway, outcome: "capture-failed" });
      },
      retryAt: async (at, delay) => {
        await db.query("UPDATE payments SET capture_claimed_until = NULL, capture_next_at = $2, capture_error = $3 WHERE id = $1", [
          due.id,
          at,
          problem,
        ]);
        logger.warn("payment capture not made yet", { ...fields, error: problem, retryInMs: delay });
      },
    });
  };

  const worker = batchWorker(claimedRowsPass(claim, attempt, ["captured", "retried", "failed", "void"]), {
    name: "capture",
    batchSize,
    logger,
  });

  return {
    captureDue: worker.runOnce,
    /** Makes the captures due every `intervalMs` until stopped. */
    start: (intervalMs = 2_000) => worker.start(intervalMs),
    stop: worker.stop,
  };
}

export type CaptureSender = ReturnType<typeof captureSender>;
