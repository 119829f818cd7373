import type { Queryable } from "../db/database.ts";
import type { Logger } from "../logger.ts";

export interface OutboxMessage {
  channel: "sms" | "email";
  to: string;
  subject: string;
  body: string;
  /** The code the message carries, when it carries one. */
  code?: string | null;
}

/** "Sends" a message: stores it in the outbox and prints it to the server log. */
export async function sendMessage(db: Queryable, logger: Logger, message: OutboxMessage, now: Date): Promise<void> {
  await db.query("INSERT INTO outbox_messages (channel, recipient, subject, body, code, created_at) VALUES ($1, $2, $3, $4, $5, $6)", [
    message.channel,
    message.to,
    message.subject,
    message.body,
    message.code ?? null,
    now,
  ]);
  logger.info("outbox", { channel: message.channel, to: message.to, subject: message.subject, body: message.body });
}

/** Messages to one phone number or e-mail address, newest first. */
export async function messagesTo(db: Queryable, to: string) {
  return db.query<OutboxMessage & { createdAt: string }>(
    `SELECT channel, recipient AS "to", subject, body, code, created_at AS "createdAt"
       FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 100`,
    [to],
  );
}
