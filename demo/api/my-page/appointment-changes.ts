import { type Provider, addDays, formatPrice, fromZoned, isoDateOf, pad2, toLocale, toZoned } from "booking-widget/contract";
import { availabilityFor } from "../availability/availability.ts";
import { bookingWindow, slotStartingAt } from "../availability/engine.ts";
import { slotRequestFor, type ResolvedSelection } from "../availability/service-selection.ts";
import { providerDateTime } from "../notices/send-receipt.ts";
import { requestedSlot, type SlotWish } from "../calendar/requested-slot.ts";
import { HeldByOther, isExclusionViolation } from "../calendar/taken-meanwhile.ts";
import { badRequest, refuse } from "../http-errors.ts";
import { heldByOthers } from "../calendar/hold-queries.ts";
import { dueOnline, ONLINE_PRICE_SQL, type OnlinePrice } from "../payments/amount-due.ts";
import { lockStaffCalendar } from "../calendar/staff-calendar-lock.ts";
import type { ApiDeps } from "../api-deps.ts";
import type { Queryable } from "../db/database.ts";
import { changeMessage, seriesCancellationMessage, seriesChangeMessage } from "../outbox/message-texts.ts";
import { cancelAppointment, notifyCustomer } from "../bookings/cancel-appointment.ts";
import { cancelShare, refundCancelled } from "../payments/refunds-due.ts";
import { changeableAppointment } from "./customer-appointments.ts";
import { reminderDueFor } from "../reminders/send-reminders.ts";
import { placeLeft, sessionOf } from "../calendar/group-places.ts";

/**
 * Appointment/cancelByCustomer: frees the slot (the row stays, cancelled). A cancel is
 * always in time (changeableAppointment refuses a late one), so what was paid online
 * goes back in full (cancelAppointment).
 */
export async function cancelByCustomer(deps: ApiDeps, provider: Provider, customerId: number, appointmentId: number, now: Date) {
  const appointment = await changeableAppointment(deps.db, provider, customerId, appointmentId, now);
  return cancelAppointment(deps, provider, appointment, now, "cancelled-by-customer");
}

/** The occurrences "cancel the rest" takes (`o`): appointment $1 (`a`) and every later one of its series still booked ($2: its start, $3: the customer). */
const REST_OF_SERIES = `a.id = $1 AND a.series_id IS NOT NULL AND o.series_id = a.series_id AND o.customer_account_id = $3
  AND o.status = 'confirmed' AND o.starts_at >= $2`;

/**
 * GET Appointment/cancelSeriesByCustomer/preview (issue 57): what cancelSeriesRest would
 * cancel and give back, for the customer to read before confirming. The amount is the
 * one the cancel refunds (cancelShare, which refundCancelled applies). 400 for an
 * appointment that is not part of a series, as the cancel.
 */
export async function seriesRestPreview(deps: ApiDeps, provider: Provider, customerId: number, appointmentId: number, now: Date) {
  const appointment = await changeableAppointment(deps.db, provider, customerId, appointmentId, now);
  const rows = await deps.db.query<{ id: number; startsAt: Date | string; paymentId: string | null }>(
    `SELECT o.id, o.starts_at AS "startsAt", o.payment_id AS "paymentId" FROM appointments o, appointments a
      WHERE ${REST_OF_SERIES} ORDER BY o.starts_at`,
    [appointment.id, appointment.startsAt, customerId],
  );
  if (rows.length === 0) badRequest("This appointment is not part of a series");
  const paymentId = rows.find((row) => row.paymentId)?.paymentId;
  const share = paymentId
    ? await cancelShare(
        deps.db,
        paymentId,
        rows.map((row) => row.id),
      )
    : null;
  return {
    occurrences: rows.map((row) => {
      const zoned = toZoned(new Date(row.startsAt), provider.timeZone);
      const [year, month, day] = zoned.isoDate.split("-").map(Number) as [number, number, number];
      return { id: row.id, year, month, day, hour: zoned.hour, minute: zoned.minute };
    }),
    refund: share && share.amount > 0 ? { amount: share.amount, currency: share.currency } : null,
  };
}

/**
 * Series (issue 42): cancels this occurrence and every later one of its series, in one
 * transaction, with one message naming them all and what goes back: their share of a
 * series paid online (refundCancelled). 400 for an appointment that is not part of a series.
 */
export async function cancelSeriesRest(deps: ApiDeps, provider: Provider, customerId: number, appointmentId: number, now: Date) {
  const appointment = await changeableAppointment(deps.db, provider, customerId, appointmentId, now);
  return deps.db.transaction(async (tx) => {
    const rows = await tx.query<{ id: number; startsAt: Date | string; paymentId: string | null }>(
      `UPDATE appointments o SET status = 'cancelled', cancelled_at = $4
         FROM appointments a WHERE ${REST_OF_SERIES}
        RETURNING o.id, o.starts_at AS "startsAt", o.payment_id AS "paymentId"`,
      [appointment.id, appointment.startsAt, customerId, now],
    );
    if (rows.length === 0) badRequest("This appointment is not part of a series");
    const cancelled = rows.sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime());
    const times = cancelled.map((row) => providerDateTime(new Date(row.startsAt), provider));
    // One payment pays for a whole series: the cancelled occurrences' share of it goes back.
    const paymentId = cancelled.find((row) => row.paymentId)?.paymentId;
    const ids = cancelled.map((row) => row.id);
    const refund = paymentId ? await refundCancelled(tx, paymentId, ids, "cancelled-by-customer") : null;
    const language = provider.language ?? "no";
    const amount = refund ? formatPrice(refund.amount, toLocale(language) ?? "no") : null;
    await notifyCustomer(tx, deps.messenger, appointment.id, seriesCancellationMessage(language, provider.companyName, times, amount), now);
    return { ids, status: "cancelled" as const, refund };
  });
}

/**
 * Turns the flat serviceIds of ChangeAsCustomerAccount into service bookings: an
 * extra service goes with its parent when the parent is in the list too.
 */
export async function serviceBookingsOf(db: Queryable, providerId: number, serviceIds: readonly number[]) {
  const rows = await db.query<{ id: number; parentId: number | null }>(
    `SELECT id, parent_id AS "parentId" FROM services WHERE provider_id = $1 AND id = ANY($2::int[])`,
    [providerId, [...serviceIds]],
  );
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  const bookings = new Map<number, number[]>();
  for (const id of serviceIds) {
    const parent = parentOf.get(id);
    if (parent != null && serviceIds.includes(parent)) continue;
    bookings.set(id, []);
  }
  for (const id of serviceIds) {
    const parent = parentOf.get(id);
    if (parent != null) bookings.get(parent)?.push(id);
  }
  return [...bookings].map(([serviceId, extraServiceIds]) => ({ serviceId, extraServiceIds }));
}

/**
 * A move's rule beyond a new booking's (requestedSlot keeps those: online-bookable
 * services only, one service on a one-service page): no more to pay online than the
 * appointment's own payment covered (402), so a move never confirms an unpaid
 * must-pay-online service.
 */
async function assertMovableTo(db: Queryable, providerId: number, appointmentId: number, serviceIds: readonly number[]) {
  const services = await db.query<OnlinePrice>(
    `SELECT ${ONLINE_PRICE_SQL} FROM services s WHERE s.provider_id = $1 AND s.id = ANY($2::int[])`,
    [providerId, [...serviceIds]],
  );
  const due = dueOnline(services);
  if (due <= 0) return;
  const [paid] = await db.query<{ amount: number }>(
    `SELECT p.amount::float8 AS amount FROM appointments a JOIN payments p ON p.id = a.payment_id
      WHERE a.id = $1 AND p.status = 'paid'`,
    [appointmentId],
  );
  if (!paid || paid.amount + 0.005 < due) refuse("must-pay-online");
}

/**
 * Appointment/ChangeAsCustomerAccount: moves an appointment to a new time (and the
 * given services), with the same rules as a new booking. The appointment's own old
 * time does not count as taken; its staff member keeps it when free, else a free
 * qualified colleague takes it. The exclusion constraint has the final word.
 * With `restOfSeries` (issue 42), every later occurrence of its series moves with it, by
 * as many days, to the same new time, with one staff member, all or none.
 */
export async function moveByCustomer(
  { db, messenger }: ApiDeps,
  provider: Provider,
  customerId: number,
  appointmentId: number,
  wish: Omit<SlotWish, "serviceBookings" | "staffMemberId"> & { serviceIds: readonly number[]; restOfSeries?: boolean | undefined },
  now: Date,
) {
  const appointment = await changeableAppointment(db, provider, customerId, appointmentId, now);
  const serviceBookings = await serviceBookingsOf(db, provider.userId, wish.serviceIds);
  const requested = await requestedSlot(db, provider, { ...wish, serviceBookings, staffMemberId: null }, now, appointmentId);
  const { selection } = requested;
  await assertMovableTo(db, provider.userId, appointmentId, wish.serviceIds);
  const moves = wish.restOfSeries
    ? await seriesMoves(db, provider, appointment, customerId, wish, selection, now)
    : requested.offered
      ? [{ id: appointmentId, slot: requested.offered }]
      : refuse("occupied");
  const first = moves[0]!.slot;
  const candidates = moves.reduce((ids, move) => ids.filter((id) => move.slot.staffIds.includes(id)), first.staffIds);
  const staffIds = [...candidates].sort((a, b) => Number(b === appointment.staffMemberId) - Number(a === appointment.staffMemberId));
  // The reminder follows the new time (sent again for it, when the old one's went out).
  const [{ notifications } = { notifications: {} }] = await db.query<{ notifications: Record<string, boolean> }>(
    "SELECT notifications FROM appointments WHERE id = $1",
    [appointmentId],
  );
  // Later first when moving later (earlier first when moving earlier): no occurrence lands on one not yet moved.
  const ordered = first.start.getTime() >= appointment.startsAt.getTime() ? [...moves].reverse() : moves;
  for (const staffId of staffIds) {
    try {
      await db.transaction(async (tx) => {
        await lockStaffCalendar(tx, staffId);
        for (const { id, slot } of ordered) {
          const session = sessionOf(selection, slot);
          if (await heldByOthers(tx, staffId, slot.blocked.start, slot.blocked.end, now, undefined, session)) throw new HeldByOther();
          if (session && !(await placeLeft(tx, staffId, session, selection.capacity, now, { movingAppointmentId: id })))
            throw new HeldByOther();
          const reminderDue = await reminderDueFor(tx, provider, slot.start, notifications, now);
          // A one-to-one booking's session is its own (the insert trigger's key).
          await tx.query(
            `UPDATE appointments SET starts_at = $2, ends_at = $3, blocked_from = $6, blocked_until = $7, staff_member_id = $4,
               reminder_due_at = $5, reminder_sent_at = NULL, session_key = coalesce($8, 'appointments:' || id) WHERE id = $1`,
            [id, slot.start, slot.end, staffId, reminderDue, slot.blocked.start, slot.blocked.end, session],
          );
          await tx.query("DELETE FROM appointment_services WHERE appointment_id = $1", [id]);
          await tx.query(
            `INSERT INTO appointment_services (appointment_id, service_id, price, duration_in_minutes)
             SELECT $1, id, coalesce(discount_price, price), duration_in_minutes FROM services WHERE provider_id = $2 AND id = ANY($3::int[])`,
            [id, provider.userId, serviceBookings.flatMap((b) => [b.serviceId, ...b.extraServiceIds])],
          );
        }
        const language = provider.language ?? "no";
        const times = moves.map((move) => providerDateTime(move.slot.start, provider));
        const message =
          times.length === 1
            ? changeMessage(language, provider.companyName, times[0]!.date, times[0]!.time)
            : seriesChangeMessage(language, provider.companyName, times);
        await notifyCustomer(tx, messenger, appointmentId, message, now);
      });
      return {
        id: appointmentId,
        start: first.start.toISOString(),
        end: first.end.toISOString(),
        staffMemberId: staffId,
        ...(moves.length > 1 ? { movedAppointmentIds: moves.map((move) => move.id) } : {}),
      };
    } catch (error) {
      if (!isExclusionViolation(error) && !(error instanceof HeldByOther)) throw error;
    }
  }
  refuse("occupied");
}

/**
 * A series moved from `appointment` on: each of its later confirmed occurrences by as many
 * days as it moves, to its new wall-clock time, all of them free at once (their own old
 * times count as free). 400 for an appointment of no series, or an occurrence that would
 * leave the booking window or land on a time never offered; 409 when one is taken.
 */
async function seriesMoves(
  db: Queryable,
  provider: Provider,
  appointment: { id: number; startsAt: Date },
  customerId: number,
  wish: Pick<SlotWish, "year" | "month" | "day" | "hour" | "minute">,
  selection: ResolvedSelection,
  now: Date,
) {
  const later = await db.query<{ id: number; startsAt: Date | string }>(
    `SELECT o.id, o.starts_at AS "startsAt" FROM appointments a JOIN appointments o ON o.series_id = a.series_id
      WHERE a.id = $1 AND a.series_id IS NOT NULL AND o.customer_account_id = $2 AND o.status = 'confirmed' AND o.starts_at > a.starts_at
      ORDER BY o.starts_at`,
    [appointment.id, customerId],
  );
  const [inSeries] = await db.query("SELECT 1 FROM appointments WHERE id = $1 AND series_id IS NOT NULL", [appointment.id]);
  if (!inSeries) badRequest("This appointment is not part of a series");
  const firstDate = isoDateOf(wish.year, wish.month, wish.day)!;
  const time = `${pad2(wish.hour)}:${pad2(wish.minute)}`;
  const shift = daysBetween(toZoned(appointment.startsAt, provider.timeZone).isoDate, firstDate);
  const availability = await availabilityFor(db, provider, now, { movingAppointmentIds: [appointment.id, ...later.map((o) => o.id)] });
  const { schedule } = availability;
  const request = slotRequestFor(selection, null);
  const window = bookingWindow(schedule);
  const slotAt = (date: string) => {
    if (date > window.to) badRequest(`Invalid move: ${date} is past the booking window (${window.to})`);
    const slot = slotStartingAt(schedule, request, date, fromZoned(date, time, provider.timeZone).getTime());
    if (slot === "never") badRequest(`Invalid move: ${date} ${time} cannot be booked`);
    return slot === "taken" ? refuse("occupied") : slot;
  };
  return [
    { id: appointment.id, slot: slotAt(firstDate) },
    ...later.map((o) => ({ id: o.id, slot: slotAt(addDays(toZoned(new Date(o.startsAt), provider.timeZone).isoDate, shift)) })),
  ];
}

/** Whole days from one YYYY-MM-DD to another. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
