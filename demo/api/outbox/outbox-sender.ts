import { wallClock as systemWallClock } from "../clock.ts";
import type { ServerKeys } from "../secrets/server-keys.ts";
import { batchWorker, type ClaimingWorkerOptions, claimedRowsPass } from "../workers/batch-worker.ts";
import { maskRecipient } from "./mask-recipient.ts";
import type { MessageLanguage } from "./message-texts.ts";
import { type MessageChannel, openStored, type OutboxMessage } from "./outbox.ts";
import { afterFailedAttempt, RETRY_DELAYS_MS } from "../workers/retry-policy.ts";

/** A message on its way out: what the gateway gets, and the key that makes a retry recognisable. */
export type OutgoingMessage = Omit<OutboxMessage, "code">;

/**
 * Hands one message to its gateway (SMTP, the SMS webhook, the demo's log). Resolves
 * once the gateway took it; rejects (or is aborted by `signal`, the attempt's timeout)
 * otherwise. `idempotencyKey` is the same on every attempt of one message.
 */
export type Deliver = (message: OutgoingMessage, attempt: { idempotencyKey: string; signal: AbortSignal }) => Promise<void>;

export interface OutboxSenderOptions extends ClaimingWorkerOptions {
  keys: ServerKeys;
  deliver: Deliver;
  /** One attempt's limit: a gateway that has not answered by then has failed this attempt. */
  attemptTimeoutMs?: number;
  /** The demo keeps a sent message's body for its outbox reader; production blanks it once sent. */
  keepSentBodies?: boolean;
  /** Where each attempt's outcome is counted (booking_outbox_deliveries_total). */
  metrics?: { deliveries: { inc(labels: { channel: string; outcome: DeliveryOutcome }): void } };
}

/** How a message's delivery attempt ended. */
export type DeliveryOutcome = "sent" | "retried" | "failed";

interface ClaimedRow {
  id: number;
  channel: MessageChannel;
  recipient: string;
  subject: string;
  body: string;
  sealed: boolean;
  attempts: number;
  idempotencyKey: string;
  language: MessageLanguage;
}

/**
 * Delivers the outbox after commit, so that no API answer waits for a gateway. Each
 * pass claims due rows (FOR UPDATE SKIP LOCKED, then a lease: two processes never
 * hold one row at once, and a killed process's rows come back when its lease ends),
 * delivers them in parallel, each attempt under a timeout, and records the outcome:
 * sent; tried again later with backoff; or, after the last attempt, failed, which is
 * logged as an error and counted (booking_outbox_deliveries_total). A message is sent at least once; its idempotency key lets the
 * gateway drop a repeat (after a crash between delivery and its record).
 */
export function outboxSender(options: OutboxSenderOptions) {
  const {
    db,
    keys,
    logger,
    deliver,
    batchSize = 20,
    attemptTimeoutMs = 10_000,
    leaseMs = 60_000,
    retryDelaysMs = RETRY_DELAYS_MS,
    wallClock = () => systemWallClock.now(),
    keepSentBodies = false,
    metrics,
  } = options;

  const claim = async (): Promise<ClaimedRow[]> => {
    const now = wallClock();
    return db.query<ClaimedRow>(
      `UPDATE outbox_messages SET claimed_until = $2, attempts = attempts + 1
        WHERE id IN (SELECT id FROM outbox_messages
                      WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
                        AND (claimed_until IS NULL OR claimed_until <= $1)
                      ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id, channel, recipient, subject, body, sealed, attempts, idempotency_key AS "idempotencyKey", language`,
      [now, new Date(now.getTime() + leaseMs), batchSize],
    );
  };

  const attempt = async (row: ClaimedRow): Promise<DeliveryOutcome> => {
    const outcome = await attemptOnce(row);
    metrics?.deliveries.inc({ channel: row.channel, outcome });
    return outcome;
  };

  const attemptOnce = async (row: ClaimedRow): Promise<DeliveryOutcome> => {
    const body = openStored(keys, row.sealed, row.body);
    let problem: string | null = null;
    if (body === null) problem = "its body cannot be opened with this server secret";
    else {
      const controller = new AbortController();
      let timeout: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          deliver(
            { channel: row.channel, to: row.recipient, subject: row.subject, body, language: row.language },
            { idempotencyKey: row.idempotencyKey, signal: controller.signal },
          ),
          new Promise<never>((_, reject) => {
            timeout = setTimeout(() => {
              controller.abort();
              reject(new Error(`the gateway did not answer within ${attemptTimeoutMs} ms`));
            }, attemptTimeoutMs);
          }),
        ]);
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      } finally {
        clearTimeout(timeout);
      }
    }
    const now = wallClock();
    const fields = { id: row.id, channel: row.channel, to: maskRecipient(row.recipient), attempts: row.attempts };
    if (problem === null) {
      await db.query(
        `UPDATE outbox_messages SET status = 'sent', sent_at = $2, claimed_until = NULL, last_error = NULL${
          keepSentBodies ? "" : ", body = '', code = NULL"
        } WHERE id = $1`,
        [row.id, now],
      );
      logger.info("message sent", fields);
      return "sent";
    }
    // A body this server cannot open never will be: failed at once.
    return afterFailedAttempt({ made: row.attempts, lasting: body === null }, now, retryDelaysMs, {
      giveUp: async () => {
        await db.query("UPDATE outbox_messages SET status = 'failed', claimed_until = NULL, last_error = $2 WHERE id = $1", [
          row.id,
          problem,
        ]);
        logger.error("message failed", { ...fields, error: problem });
      },
      retryAt: async (at, delay) => {
        await db.query("UPDATE outbox_messages SET claimed_until = NULL, next_attempt_at = $2, last_error = $3 WHERE id = $1", [
          row.id,
          at,
          problem,
        ]);
        logger.warn("message not sent yet", { ...fields, error: problem, retryInMs: delay });
      },
    });
  };

  /** One pass: claims what is due and delivers it. */
  const worker = batchWorker(claimedRowsPass(claim, attempt, ["sent", "retried", "failed"]), { name: "outbox", batchSize, logger });

  return {
    deliverDue: worker.runOnce,
    /** Delivers every `intervalMs` until stopped. */
    start: (intervalMs = 500) => worker.start(intervalMs),
    /** Stops asking for more, and waits for the pass under way (its claims are recorded). */
    stop: worker.stop,
  };
}

export type OutboxSender = ReturnType<typeof outboxSender>;
