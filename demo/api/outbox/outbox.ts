import { wallClock } from "../clock.ts";
import type { Queryable } from "../db/database.ts";
import type { ServerKeys } from "../secrets/server-keys.ts";
import type { MessageLanguage } from "./message-texts.ts";

/** How a message leaves: e-mail (SMTP, else the webhook), SMS and WhatsApp (the signed webhook, which names the channel). */
export type MessageChannel = "sms" | "email" | "whatsapp";

export interface OutboxMessage {
  channel: MessageChannel;
  to: string;
  subject: string;
  body: string;
  /** The code the message carries, when it carries one. */
  code?: string | null;
  /** The language it is written in (message-texts.ts); Norwegian when not said. */
  language?: MessageLanguage;
  /** The appointment it is about, if any: the back office lists an appointment's messages. */
  appointmentId?: number | null;
}

/**
 * Queues a message in the outbox, in the caller's transaction: it leaves only if what
 * caused it commits, and the sender (outbox-sender.ts) delivers it after. Body and code
 * are sealed: a copy of the database shows no code or link.
 */
export async function enqueueMessage(db: Queryable, keys: ServerKeys, message: OutboxMessage, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO outbox_messages (channel, recipient, subject, body, code, created_at, sealed, language, queued_at, appointment_id)
     VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, $9)`,
    [
      message.channel,
      message.to,
      message.subject,
      keys.seal(message.body),
      message.code ? keys.seal(message.code) : null,
      now,
      message.language ?? "no",
      // Real time (its delivery's clock), beside the business time it was made at.
      wallClock.now(),
      message.appointmentId ?? null,
    ],
  );
}

/** A stored body or code as written: sealed rows are opened, the demo's older plain rows read as they are. */
export const openStored = (keys: ServerKeys, sealed: boolean, value: string | null): string | null =>
  value === null ? null : sealed ? keys.open(value) : value;

/** Messages to one phone number or e-mail address, newest first (the demo's outbox reader). */
export async function messagesTo(db: Queryable, keys: ServerKeys, to: string) {
  const rows = await db.query<OutboxMessage & { createdAt: string; sealed: boolean; status: string }>(
    `SELECT channel, recipient AS "to", subject, body, code, created_at AS "createdAt", sealed, status
       FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 100`,
    [to],
  );
  return rows.map(({ sealed, ...row }) => ({
    ...row,
    body: openStored(keys, sealed, row.body) ?? "",
    code: openStored(keys, sealed, row.code ?? null),
  }));
}

/** How long the oldest message still waiting has waited, in seconds (0 when none waits): /readyz and the metrics both ask. */
export async function oldestPendingSeconds(db: Queryable): Promise<number> {
  const [row] = await db.query<{ seconds: number | null }>(
    `SELECT extract(epoch FROM ($1::timestamptz - min(queued_at)))::float8 AS seconds FROM outbox_messages WHERE status = 'pending'`,
    [wallClock.now()],
  );
  return Math.max(0, row?.seconds ?? 0);
}
