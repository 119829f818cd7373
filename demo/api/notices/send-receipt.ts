import { type Provider, formatClock, formatDate, toZoned } from "booking-widget/contract";
import { SERVICE_TITLES_SQL } from "../appointments-sql.ts";
import type { ApiDeps } from "../api-deps.ts";
import { myPageCodeOf } from "../customers/customer-accounts.ts";
import type { Queryable } from "../db/database.ts";
import { receiptMessage, reminderMessage } from "../outbox/message-texts.ts";
import type { OutboxMessage } from "../outbox/outbox.ts";

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
  customerId: number | null;
  customerPhone: string | null;
  customerEmail: string | null;
  customerEmailVerified: boolean | null;
  services: string[];
}

/**
 * Where a receipt or a reminder of an appointment goes: each channel the customer
 * ticked (`smsReceipt`, `emailReminder`, …) that the provider offers
 * (customerReceiptAndReminderMode); WhatsApp is its own channel (to the phone). A page that offers no
 * channels but sends them automatically uses what the booking has.
 */
export function appointmentRecipients(
  provider: Pick<Provider, "customerReceiptAndReminderMode" | "sendAutomaticallyReceipt" | "sendAutomaticallyReminder">,
  row: { emailAddress: string; phoneNumber: string; notifications: Record<string, boolean> },
  kind: "Receipt" | "Reminder",
): Pick<OutboxMessage, "channel" | "to">[] {
  const offered = provider.customerReceiptAndReminderMode;
  const ticked = (channel: "email" | "sms" | "whatsapp") => offered.includes(channel) && row.notifications[`${channel}${kind}`] === true;
  const recipients: Pick<OutboxMessage, "channel" | "to">[] = [];
  if (ticked("email") && row.emailAddress) recipients.push({ channel: "email", to: row.emailAddress });
  if (ticked("sms") && row.phoneNumber) recipients.push({ channel: "sms", to: row.phoneNumber });
  if (ticked("whatsapp") && row.phoneNumber) recipients.push({ channel: "whatsapp", to: row.phoneNumber });
  const automatic = kind === "Receipt" ? provider.sendAutomaticallyReceipt : provider.sendAutomaticallyReminder;
  if (offered.length === 0 && automatic) {
    if (row.emailAddress) recipients.push({ channel: "email", to: row.emailAddress });
    else if (row.phoneNumber) recipients.push({ channel: "sms", to: row.phoneNumber });
  }
  return recipients;
}

/**
 * Sends a confirmed appointment's receipt (at booking) or reminder (reminders/), on the
 * channels appointmentRecipients names. The message carries the My Page link (which
 * opens the customer's account) only on its way to a contact of that account's own:
 * its phone number, or its e-mail address once proven. A message to an address someone
 * typed on the booking goes without it.
 */
export async function sendAppointmentNotice(
  db: Queryable,
  deps: Pick<ApiDeps, "keys" | "messenger">,
  provider: Provider,
  appointmentId: number,
  siteUrl: string,
  now: Date,
  kind: "Receipt" | "Reminder",
): Promise<number> {
  const [row] = await db.query<ReceiptRow>(
    `SELECT a.starts_at AS "startsAt", a.email_address AS "emailAddress", a.phone_number AS "phoneNumber", a.notifications,
            c.id AS "customerId", c.phone_number AS "customerPhone", c.email_address AS "customerEmail",
            c.email_verified AS "customerEmailVerified",
            ${SERVICE_TITLES_SQL} AS services
       FROM appointments a LEFT JOIN customer_accounts c ON c.id = a.customer_account_id
      WHERE a.id = $1 AND a.status = 'confirmed'`,
    [appointmentId],
  );
  if (!row) return 0;
  const recipients = appointmentRecipients(provider, row, kind);
  const { date, time } = providerDateTime(new Date(row.startsAt), provider);
  // A series' receipt lists its other occurrences (one message for the whole series).
  const others =
    kind === "Receipt"
      ? await db.query<{ startsAt: Date | string }>(
          `SELECT o.starts_at AS "startsAt" FROM appointments a JOIN appointments o ON o.series_id = a.series_id AND o.id <> a.id
            WHERE a.id = $1 AND o.status = 'confirmed' ORDER BY o.starts_at`,
          [appointmentId],
        )
      : [];
  const series = others.map((other) => providerDateTime(new Date(other.startsAt), provider));
  const ownContact = (recipient: Pick<OutboxMessage, "channel" | "to">) =>
    recipient.channel !== "email"
      ? recipient.to === row.customerPhone
      : Boolean(row.customerEmailVerified) && recipient.to.toLowerCase() === row.customerEmail?.toLowerCase();
  for (const recipient of recipients) {
    const link =
      row.customerId !== null && row.customerPhone && ownContact(recipient)
        ? myPageUrl(siteUrl, provider.bookingLink, row.customerPhone, await myPageCodeOf(db, deps.keys, row.customerId))
        : null;
    const details = {
      company: provider.companyName,
      services: row.services,
      date,
      time,
      address: provider.treatmentAdress,
      myPageUrl: link,
    };
    const message =
      kind === "Receipt"
        ? receiptMessage(provider.language ?? "no", { ...details, hoursToCancel: provider.hoursToCancel, series })
        : reminderMessage(provider.language ?? "no", details);
    await deps.messenger.send(db, { ...recipient, ...message, appointmentId }, now);
  }
  return recipients.length;
}
