import type { Provider } from "booking-widget/contract";
import { SERVICE_TITLES_SQL } from "../appointments-sql.ts";
import type { ApiDeps } from "../api-deps.ts";
import type { Queryable } from "../db/database.ts";
import { paymentFailedMessage } from "../outbox/message-texts.ts";
import type { OutboxMessage } from "../outbox/outbox.ts";
import { appointmentRecipients, providerDateTime } from "./send-receipt.ts";

/** The standalone host page's booking address (/{bookingLink}): where a customer books again. */
export const bookingPageUrl = (siteUrl: string, bookingLink: string) => `${siteUrl.replace(/\/$/, "")}/${bookingLink}`;

interface ReleasedRow {
  status: string;
  startsAt: Date | string;
  emailAddress: string;
  phoneNumber: string;
  notifications: Record<string, boolean>;
  services: string[];
}

/**
 * Tells the customer that the payment they left believing made (a method that settles
 * later, which then failed) did not, and that the booking it was for is released: in the
 * page's language, on the channels its receipt would have gone (else the booking's phone,
 * else its e-mail: a lost booking is never kept quiet), with the page's address to book
 * again. In the caller's transaction, the one that released the booking, so that the
 * message leaves once with it. Nothing is said when the booking is no longer this
 * payment's (a newer attempt took its place) or was confirmed. Answers how many went.
 */
export async function sendPaymentFailedNotice(
  tx: Queryable,
  deps: Pick<ApiDeps, "messenger">,
  provider: Provider,
  paymentId: string,
  siteUrl: string,
  now: Date,
): Promise<number> {
  const released = await tx.query<ReleasedRow>(
    `SELECT a.status, a.starts_at AS "startsAt", a.email_address AS "emailAddress", a.phone_number AS "phoneNumber", a.notifications,
            ${SERVICE_TITLES_SQL} AS services
       FROM appointments a WHERE a.payment_id = $1 ORDER BY a.starts_at`,
    [paymentId],
  );
  const [first] = released;
  if (!first || released.some((row) => row.status === "confirmed")) return 0;
  const receiptGoes = appointmentRecipients(provider, first, "Receipt");
  const fallback: Pick<OutboxMessage, "channel" | "to">[] = first.phoneNumber
    ? [{ channel: "sms", to: first.phoneNumber }]
    : first.emailAddress
      ? [{ channel: "email", to: first.emailAddress }]
      : [];
  const recipients = receiptGoes.length > 0 ? receiptGoes : fallback;
  const [when, ...series] = released.map((row) => providerDateTime(new Date(row.startsAt), provider));
  const message = paymentFailedMessage(provider.language ?? "no", {
    company: provider.companyName,
    services: first.services,
    date: when!.date,
    time: when!.time,
    series,
    bookUrl: bookingPageUrl(siteUrl, provider.bookingLink),
  });
  for (const recipient of recipients) await deps.messenger.send(tx, { ...recipient, ...message }, now);
  return recipients.length;
}
