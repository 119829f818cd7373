import nodemailer from "nodemailer";
import { messageHtml } from "./message-html.ts";
import type { Deliver } from "./outbox-sender.ts";

/**
 * E-mail over SMTP (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465) with
 * nodemailer: a plain-text and an HTML part, in the booking page's language. The
 * Message-ID is made from the message's idempotency key, so that every attempt of one
 * message carries the same one, and a server or the recipient sees a retry as a repeat.
 * Each stage of the SMTP conversation has a time limit below the attempt's.
 */
export function smtpDelivery(smtpUrl: string, from: string, timeoutMs = 10_000): Deliver & { close(): void } {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const deliver = async (message: Parameters<Deliver>[0], { idempotencyKey, signal }: Parameters<Deliver>[1]): Promise<void> => {
    if (signal.aborted) throw new Error("the attempt was aborted");
    await transport.sendMail({
      from,
      to: message.to,
      subject: message.subject,
      text: message.body,
      html: messageHtml(message.subject, message.body, message.language ?? "no"),
      messageId: `<${idempotencyKey}@booking-widget>`,
      headers: { "Idempotency-Key": idempotencyKey, "Content-Language": message.language ?? "no" },
    });
  };
  return Object.assign(deliver, { close: () => transport.close() });
}
