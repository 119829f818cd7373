import type { ApiDeps } from "../api-deps.ts";
import { sendAppointmentNotice } from "../notices/send-receipt.ts";
import type { Database, Queryable } from "../db/database.ts";
import { requireProvider } from "../providers/provider-queries.ts";
import { reminderDueAt } from "./reminder-time.ts";

/**
 * An appointment's reminder due time as it is booked or moved (reminder-time.ts): the
 * page's hours before the start, when the page sends reminders and the visitor chose a
 * channel for them; null otherwise.
 */
export async function reminderDueFor(
  db: Queryable,
  provider: { userId: number; sendAutomaticallyReminder: boolean; customerReceiptAndReminderMode: readonly string[] },
  start: Date,
  notifications: Record<string, boolean | undefined>,
  now: Date,
): Promise<Date | null> {
  const chosen = provider.customerReceiptAndReminderMode.some((channel) => notifications[`${channel}Reminder`] === true);
  const automatic = provider.customerReceiptAndReminderMode.length === 0;
  if (!provider.sendAutomaticallyReminder || !(chosen || automatic)) return null;
  const [row] = await db.query<{ hours: number }>("SELECT reminder_hours_before AS hours FROM providers WHERE id = $1", [provider.userId]);
  return reminderDueAt(start, now, row?.hours ?? 24, true);
}

/**
 * One pass of reminders: each confirmed appointment whose reminder is due and not sent
 * (and that has not started) is claimed (FOR UPDATE SKIP LOCKED), its reminder queued in
 * the outbox, and the appointment marked sent, in one transaction: once per
 * appointment, whatever the number of processes, and across restarts. A cancelled
 * appointment is never claimed; a moved one was given its new due time by the move.
 * Answers how many appointments were reminded.
 */
export async function sendDueReminders(
  db: Database,
  deps: Pick<ApiDeps, "keys" | "messenger">,
  siteUrl: string,
  now: Date,
  batch = 50,
): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx.query<{ id: number; providerId: number }>(
      `SELECT id, provider_id AS "providerId" FROM appointments
        WHERE reminder_sent_at IS NULL AND reminder_due_at <= $1 AND status = 'confirmed' AND starts_at > $1
        ORDER BY reminder_due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, batch],
    );
    for (const appointment of due) {
      const provider = await requireProvider(tx, appointment.providerId);
      await sendAppointmentNotice(tx, deps, provider, appointment.id, siteUrl, now, "Reminder");
      await tx.query("UPDATE appointments SET reminder_sent_at = $2 WHERE id = $1", [appointment.id, now]);
    }
    return due.length;
  });
}
