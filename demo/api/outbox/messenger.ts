import type { Queryable } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import { storeInOutbox, type OutboxMessage } from "./outbox.ts";

/** How the API sends SMS and e-mail. */
export interface Messenger {
  send(db: Queryable, message: OutboxMessage, now: Date): Promise<void>;
}

/**
 * The demo's messenger (npm start, tests): messages are kept in the outbox table, which
 * /api/dev/outbox shows, and printed to the log, so that a newcomer can read the codes
 * sent to them. Never for real customers: codes and links are readable by anyone.
 */
export function demoOutbox(logger: Logger): Messenger {
  return {
    async send(db, message, now) {
      await storeInOutbox(db, message, now);
      logger.info("outbox", { channel: message.channel, to: message.to, subject: message.subject, body: message.body });
    },
  };
}

/** What a production deployment hands its SMS/e-mail gateway: the message and nothing stored. */
export type Deliver = (message: Omit<OutboxMessage, "code">) => Promise<void>;

/**
 * The production messenger: each message goes to the deployment's gateway (`deliver`)
 * and is logged with neither body nor code (they carry codes and My Page links), and
 * with the recipient masked.
 */
export function gatewayMessenger(logger: Logger, deliver: Deliver): Messenger {
  return {
    async send(_db, { code: _code, ...message }) {
      await deliver(message);
      logger.info("message sent", { channel: message.channel, to: maskRecipient(message.to) });
    },
  };
}

/** "+47 ****4567" style: enough to tell messages apart in a log, not to reach anyone. */
export function maskRecipient(to: string): string {
  const at = to.indexOf("@");
  if (at > 0) return `${to[0]}***${to.slice(at)}`;
  return `${"*".repeat(Math.max(0, to.length - 2))}${to.slice(-2)}`;
}
