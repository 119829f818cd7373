import { createHmac } from "node:crypto";
import { type Clock, wallClock } from "../clock.ts";
import type { Queryable } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import type { ServerKeys } from "../secrets/server-keys.ts";
import { enqueueMessage, type OutboxMessage } from "./outbox.ts";
import type { Deliver } from "./outbox-sender.ts";

/** How the API sends SMS and e-mail: it queues them (outbox.ts), in the caller's transaction. */
export interface Messenger {
  send(db: Queryable, message: OutboxMessage, now: Date): Promise<void>;
}

/** The API's messenger, in every mode: the durable outbox, delivered after commit by outbox-sender.ts. */
export function outboxMessenger(keys: ServerKeys): Messenger {
  return { send: (db, message, now) => enqueueMessage(db, keys, message, now) };
}

/**
 * The demo's delivery (npm start): each message is printed to the log, so that a
 * newcomer can read the codes sent to them (and /api/dev/outbox shows them). Never
 * for real customers: codes and links are readable by anyone.
 */
export function logDelivery(logger: Logger): Deliver {
  return async (message) => {
    logger.info("outbox", { channel: message.channel, to: message.to, subject: message.subject, body: message.body });
  };
}

/** The header that signs a webhook delivery: `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = "X-Booking-Signature";

/** The signature of a webhook body at `timestamp` (seconds), as SIGNATURE_HEADER carries it. */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * The production delivery of SMS (and e-mail without SMTP): a POST of the message as
 * JSON to MESSAGE_WEBHOOK_URL, signed (SIGNATURE_HEADER, keyed by MESSAGE_WEBHOOK_SECRET:
 * the gateway verifies it and refuses a timestamp older than 5 minutes), with the
 * message's Idempotency-Key. Any answer but 2xx is a failed attempt.
 */
export function webhookDelivery(url: string, secret: string, clock: Clock = wallClock): Deliver {
  return async (message, { idempotencyKey, signal }) => {
    const body = JSON.stringify(message);
    const answer = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": idempotencyKey,
        [SIGNATURE_HEADER]: webhookSignature(secret, Math.floor(clock.now().getTime() / 1000), body),
      },
      body,
      signal,
    });
    if (!answer.ok) throw new Error(`the message gateway answered ${answer.status}`);
  };
}

/** Delivers each message by its channel: e-mail over SMTP when configured, everything else (and e-mail without SMTP) by `fallback`. */
export function byChannel(fallback: Deliver, email?: Deliver): Deliver {
  return (message, attempt) => (message.channel === "email" && email ? email(message, attempt) : fallback(message, attempt));
}
