import type { Queryable } from "../db/database.ts";

export interface OutboxMessage {
  channel: "sms" | "email";
  to: string;
  subject: string;
  body: string;
  /** The code the message carries, when it carries one. */
  code?: string | null;
}

/** Keeps a message in the demo's outbox table. */
export async function storeInOutbox(db: Queryable, message: OutboxMessage, now: Date): Promise<void> {
  await db.query("INSERT INTO outbox_messages (channel, recipient, subject, body, code, created_at) VALUES ($1, $2, $3, $4, $5, $6)", [
    message.channel,
    message.to,
    message.subject,
    message.body,
    message.code ?? null,
    now,
  ]);
}

/** Messages to one phone number or e-mail address, newest first. */
export async function messagesTo(db: Queryable, to: string) {
  return db.query<OutboxMessage & { createdAt: string }>(
    `SELECT channel, recipient AS "to", subject, body, code, created_at AS "createdAt"
       FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 100`,
    [to],
  );
}
