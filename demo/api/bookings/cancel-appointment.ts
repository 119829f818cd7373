import { formatPrice, type Provider, toLocale } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import type { Queryable } from "../db/database.ts";
import { notFound } from "../http-errors.ts";
import type { Messenger } from "../outbox/messenger.ts";
import { cancellationMessage, type Message } from "../outbox/message-texts.ts";
import { type CancelRefund, refundCancelled } from "../payments/refunds-due.ts";
import { findProviderById } from "../providers/provider-queries.ts";
import { providerDateTime } from "../notices/send-receipt.ts";

/** Tells the customer on the appointment's phone (else e-mail). */
export async function notifyCustomer(tx: Queryable, messenger: Messenger, appointmentId: number, message: Message, now: Date) {
  const [contact] = await tx.query<{ phoneNumber: string; emailAddress: string }>(
    `SELECT phone_number AS "phoneNumber", email_address AS "emailAddress" FROM appointments WHERE id = $1`,
    [appointmentId],
  );
  if (contact?.phoneNumber) await messenger.send(tx, { channel: "sms", to: contact.phoneNumber, ...message, appointmentId }, now);
  else if (contact?.emailAddress) await messenger.send(tx, { channel: "email", to: contact.emailAddress, ...message, appointmentId }, now);
}

/** What a cancel gave back: the amount paid online, or null when nothing was. */
export type { CancelRefund };

/**
 * Cancels a confirmed appointment (the row stays, cancelled) and gives back in full what
 * was paid online for it (its share, for an occurrence of a series paid at once), in one transaction: the refund is due for the refund worker
 * (refunds/refund-sender.ts, which tells the customer when it is made), and the
 * cancellation's message says how much goes back. A second cancel finds nothing (404):
 * said once, refunded once. Who may cancel, and until when, is the caller's rule;
 * `alongside` writes what the caller keeps with the cancel (the back office's audit
 * entry) in the same transaction.
 */
export async function cancelAppointment(
  { db, messenger }: Pick<ApiDeps, "db" | "messenger">,
  provider: Provider,
  appointment: { id: number; startsAt: Date },
  now: Date,
  reason: "cancelled-by-customer" | "cancelled-by-provider",
  alongside?: (tx: Queryable, refund: CancelRefund) => Promise<void>,
) {
  const { date, time } = providerDateTime(appointment.startsAt, provider);
  const refund = await db.transaction(async (tx): Promise<CancelRefund> => {
    const [cancelled] = await tx.query<{ paymentId: string | null }>(
      `UPDATE appointments SET status = 'cancelled', cancelled_at = $2 WHERE id = $1 AND status = 'confirmed' RETURNING payment_id AS "paymentId"`,
      [appointment.id, now],
    );
    if (!cancelled) notFound("No such appointment");
    const paid = cancelled.paymentId ? await refundCancelled(tx, cancelled.paymentId, [appointment.id], reason) : null;
    const language = provider.language ?? "no";
    const amount = paid ? formatPrice(paid.amount, toLocale(language) ?? "no") : null;
    await notifyCustomer(tx, messenger, appointment.id, cancellationMessage(language, provider.companyName, date, time, amount), now);
    await alongside?.(tx, paid);
    return paid;
  });
  return { id: appointment.id, status: "cancelled" as const, refund };
}

/**
 * The provider cancels an appointment (`npm run appointments:cancel`): at any time before
 * it ends, whatever hoursToCancel says, and what was paid online always goes back in full.
 */
export async function cancelByProvider(deps: Pick<ApiDeps, "db" | "messenger">, appointmentId: number, now: Date) {
  const [row] = await deps.db.query<{ providerId: number; startsAt: Date | string }>(
    `SELECT provider_id AS "providerId", starts_at AS "startsAt" FROM appointments WHERE id = $1 AND status = 'confirmed' AND ends_at > $2`,
    [appointmentId, now],
  );
  if (!row) notFound("No such appointment");
  const provider = (await findProviderById(deps.db, row.providerId)) as Provider;
  return cancelAppointment(deps, provider, { id: appointmentId, startsAt: new Date(row.startsAt) }, now, "cancelled-by-provider");
}
