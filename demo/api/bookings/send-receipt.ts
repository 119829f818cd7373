import type { Provider } from "../../../src/api/schemas/provider.ts";
import { formatClock, formatDate } from "../../../src/time/format-date-time.ts";
import { toZoned } from "../../../src/time/zoned-time.ts";
import { SERVICE_TITLES_SQL } from "../appointments-sql.ts";
import type { Queryable } from "../db/database.ts";
import type { Logger } from "../logger.ts";
import { receiptMessage } from "../outbox/message-texts.ts";
import { sendMessage, type OutboxMessage } from "../outbox/outbox.ts";

/** dd.mm.yyyy and the clock time of an instant, in the provider's zone and clock. */
export function providerDateTime(instant: Date, provider: Pick<Provider, "timeZone" | "timeFormat">) {
  const zoned = toZoned(instant, provider.timeZone);
  return { date: formatDate(zoned.isoDate), time: formatClock(zoned.hour, zoned.minute, provider.timeFormat) };
}

/** The standalone host page's My Page address, logged in by phone (p) and code (c). */
export const myPageUrl = (siteUrl: string, bookingLink: string, phone: string, code: string) =>
  `${siteUrl.replace(/\/$/, "")}/${bookingLink}/min-side?p=${encodeURIComponent(phone)}&c=${encodeURIComponent(code)}`;

interface ReceiptRow {
  startsAt: Date | string;
  emailAddress: string;
  phoneNumber: string;
  notifications: Record<string, boolean>;
  myPageCode: string | null;
  customerPhone: string | null;
  services: string[];
}

/**
 * Sends a confirmed appointment's receipt on each channel the customer ticked and
 * the provider offers (customerReceiptAndReminderMode). WhatsApp goes through the
 * outbox as a phone message. The receipt carries the My Page link when the
 * appointment belongs to a customer account.
 */
export async function sendReceipt(db: Queryable, logger: Logger, provider: Provider, appointmentId: number, siteUrl: string, now: Date): Promise<void> {
  const [row] = await db.query<ReceiptRow>(
    `SELECT a.starts_at AS "startsAt", a.email_address AS "emailAddress", a.phone_number AS "phoneNumber", a.notifications,
            c.my_page_code AS "myPageCode", c.phone_number AS "customerPhone",
            ${SERVICE_TITLES_SQL} AS services
       FROM appointments a LEFT JOIN customer_accounts c ON c.id = a.customer_account_id
      WHERE a.id = $1 AND a.status = 'confirmed'`,
    [appointmentId],
  );
  if (!row) return;
  const offered = provider.customerReceiptAndReminderMode;
  const ticked = (channel: "email" | "sms" | "whatsapp") =>
    offered.includes(channel) && row.notifications[`${channel}Receipt`] === true;
  const recipients: Pick<OutboxMessage, "channel" | "to">[] = [];
  if (ticked("email") && row.emailAddress) recipients.push({ channel: "email", to: row.emailAddress });
  if ((ticked("sms") || ticked("whatsapp")) && row.phoneNumber) recipients.push({ channel: "sms", to: row.phoneNumber });
  // A page that offers no channels but sends receipts automatically uses what it has.
  if (offered.length === 0 && provider.sendAutomaticallyReceipt) {
    if (row.emailAddress) recipients.push({ channel: "email", to: row.emailAddress });
    else if (row.phoneNumber) recipients.push({ channel: "sms", to: row.phoneNumber });
  }
  if (recipients.length === 0) return;

  const { date, time } = providerDateTime(new Date(row.startsAt), provider);
  const message = receiptMessage(provider.language ?? "no", {
    company: provider.companyName,
    services: row.services,
    date,
    time,
    address: provider.treatmentAdress,
    myPageUrl: row.myPageCode && row.customerPhone ? myPageUrl(siteUrl, provider.bookingLink, row.customerPhone, row.myPageCode) : null,
    hoursToCancel: provider.hoursToCancel,
  });
  for (const recipient of recipients) await sendMessage(db, logger, { ...recipient, ...message }, now);
}
