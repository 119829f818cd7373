import { type AdminMove, type Attendance, type Provider, type ServiceBookingSelection, toZoned } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { availabilityFor } from "../../availability/availability.ts";
import { type ProviderSchedule, type SlotRequest, slotStartingAt } from "../../availability/engine.ts";
import { slotRequestFor } from "../../availability/service-selection.ts";
import { cancelAppointment, notifyCustomer } from "../../bookings/cancel-appointment.ts";
import { placeLeft, sessionOf } from "../../calendar/group-places.ts";
import { heldByOthers } from "../../calendar/hold-queries.ts";
import { lockStaffCalendar } from "../../calendar/staff-calendar-lock.ts";
import { HeldByOther, isExclusionViolation } from "../../calendar/taken-meanwhile.ts";
import type { Queryable } from "../../db/database.ts";
import { badRequest, refuse } from "../../http-errors.ts";
import { providerDateTime } from "../../notices/send-receipt.ts";
import { changeMessage } from "../../outbox/message-texts.ts";
import { requireProvider } from "../../providers/provider-queries.ts";
import { reminderDueFor } from "../../reminders/send-reminders.ts";
import type { AdminAccess } from "../admin-access.ts";
import { recordAdminChange } from "../audit/admin-audit.ts";
import { type ActorName, reachableAppointment, reachableStaffMember } from "./reachable-appointment.ts";
import { attendanceColumn, attendanceProblem, changeProblem } from "./staff-rules.ts";

/**
 * What staff do with an appointment in the back office (issue 59): cancel, move, mark
 * arrived or no-show. Each writes its audit entry in its own transaction, keeps the
 * engine's rules (hours, breaks, pauses, buffers, group places) and leaves the last word
 * on overlap to the database's exclusion constraints, as a booking does.
 */
export interface StaffActionDeps extends Pick<ApiDeps, "db" | "clock" | "messenger"> {
  actorName: ActorName;
}

/**
 * The provider's cancel: as `npm run appointments:cancel` (cancelAppointment), at any
 * time before it ends, and what was paid online for it goes back in full.
 */
export async function cancelByStaff(deps: StaffActionDeps, admin: AdminAccess, id: number) {
  const now = deps.clock.now();
  const appointment = await reachableAppointment(deps.db, admin, id);
  const problem = changeProblem(appointment, now);
  if (problem) refuse(problem);
  const provider = await requireProvider(deps.db, admin.providerId);
  const actor = await deps.actorName(deps.db, admin);
  return cancelAppointment(deps, provider, appointment, now, "cancelled-by-provider", (tx, refund) =>
    recordAdminChange(
      tx,
      admin,
      actor,
      {
        change: "appointment.cancel",
        appointmentId: id,
        details: { status: ["booked", "cancelled"], refund: refund ? `${refund.amount.toFixed(2)} ${refund.currency}` : null },
      },
      now,
    ),
  );
}

/** Marks the customer arrived or a no-show (null: neither). Unchanged marks write nothing. */
export async function markAttendance(deps: StaffActionDeps, admin: AdminAccess, id: number, attendance: Attendance | null) {
  const now = deps.clock.now();
  const appointment = await reachableAppointment(deps.db, admin, id);
  const problem = attendanceProblem(appointment, attendance, now);
  if (problem) refuse(problem);
  const actor = await deps.actorName(deps.db, admin);
  const column = attendanceColumn(attendance);
  await deps.db.transaction(async (tx) => {
    // Locked and still confirmed as it is written: a cancel that came between is not undone by a mark.
    const [row] = await tx.query<{ status: string; attendance: string | null }>(
      "SELECT status, attendance FROM appointments WHERE id = $1 FOR UPDATE",
      [id],
    );
    if (row?.status !== "confirmed") refuse("appointment-cancelled");
    if (row.attendance === column) return;
    await tx.query("UPDATE appointments SET attendance = $2 WHERE id = $1", [id, column]);
    await recordAdminChange(
      tx,
      admin,
      actor,
      { change: "appointment.attendance", appointmentId: id, details: { attendance: [row.attendance, column] } },
      now,
    );
  });
}

/** An appointment's services as they were booked (extras with their service), to book them again at the new time. */
async function bookedServices(db: Queryable, appointmentId: number): Promise<ServiceBookingSelection[]> {
  const rows = await db.query<{ id: number; parentId: number | null }>(
    `SELECT s.id, s.parent_id AS "parentId" FROM appointment_services aps JOIN services s ON s.id = aps.service_id
      WHERE aps.appointment_id = $1 ORDER BY s.parent_id NULLS FIRST, s.position, s.id`,
    [appointmentId],
  );
  const main = rows.filter((row) => row.parentId === null);
  return main.map((service) => ({
    serviceId: service.id,
    extraServiceIds: rows.filter((row) => row.parentId === service.id).map((row) => row.id),
  }));
}

/**
 * The engine, asked as staff ask: any date a provider looks at (not only the widget's
 * booking window), and no minimum notice (a customer on the phone can come in now). The
 * hours, breaks, pauses, days off, buffers and group places are the widget's own.
 */
export async function staffSlot(
  db: Queryable,
  provider: Provider,
  now: Date,
  bookings: readonly ServiceBookingSelection[],
  staffMemberId: number,
  start: Date,
  movingAppointmentId?: number,
) {
  const date = toZoned(start, provider.timeZone).isoDate;
  const availability = await availabilityFor(db, { ...provider, maxDaysInAdvanceForBooking: 730 }, now, {
    movingAppointmentId,
    dates: { from: date, to: date },
  });
  const selection = availability.resolve(bookings);
  const schedule: ProviderSchedule = { ...availability.schedule, minimumNoticeMinutes: 0 };
  const request: SlotRequest = { ...slotRequestFor(selection, staffMemberId), serviceNoticeMinutes: [] };
  const found = slotStartingAt(schedule, request, date, start.getTime());
  if (found === "never") {
    const { date: day, time } = providerDateTime(start, provider);
    badRequest(`${day} ${time} cannot be booked with this staff member: outside their hours, in a break or a day off, or past`);
  }
  return { slot: found === "taken" ? null : found, selection };
}

/**
 * Moves an appointment to another start and/or staff member; its services stay. A time
 * taken meanwhile (booked, held, or a group class full) is 409 occupied. The customer is
 * told, as a move on My Page tells them, and the reminder follows the new time.
 */
export async function moveByStaff(deps: StaffActionDeps, admin: AdminAccess, id: number, move: AdminMove) {
  const now = deps.clock.now();
  const { db } = deps;
  const appointment = await reachableAppointment(db, admin, id);
  const problem = changeProblem(appointment, now);
  if (problem) refuse(problem);
  await reachableStaffMember(db, admin, move.staffMemberId);
  const provider = await requireProvider(db, admin.providerId);
  const start = new Date(move.start);
  const { slot, selection } = await staffSlot(db, provider, now, await bookedServices(db, id), move.staffMemberId, start, id);
  if (!slot) refuse("occupied");
  const actor = await deps.actorName(db, admin);
  const [{ notifications } = { notifications: {} }] = await db.query<{ notifications: Record<string, boolean> }>(
    "SELECT notifications FROM appointments WHERE id = $1",
    [id],
  );
  try {
    await db.transaction(async (tx) => {
      await lockStaffCalendar(tx, move.staffMemberId);
      const session = sessionOf(selection, slot);
      if (await heldByOthers(tx, move.staffMemberId, slot.blocked.start, slot.blocked.end, now, undefined, session))
        throw new HeldByOther();
      if (session && !(await placeLeft(tx, move.staffMemberId, session, selection.capacity, now, { movingAppointmentId: id })))
        throw new HeldByOther();
      const reminderDue = await reminderDueFor(tx, provider, slot.start, notifications, now);
      // Still confirmed as it is written: a cancel that came between is not undone by a move.
      const [moved] = await tx.query(
        `UPDATE appointments SET starts_at = $2, ends_at = $3, blocked_from = $4, blocked_until = $5, staff_member_id = $6,
           reminder_due_at = $7, reminder_sent_at = NULL, session_key = coalesce($8, 'appointments:' || id)
          WHERE id = $1 AND status = 'confirmed' RETURNING id`,
        [id, slot.start, slot.end, slot.blocked.start, slot.blocked.end, move.staffMemberId, reminderDue, session],
      );
      if (!moved) refuse("appointment-cancelled");
      await recordAdminChange(
        tx,
        admin,
        actor,
        {
          change: "appointment.move",
          appointmentId: id,
          details: {
            start: [appointment.startsAt.toISOString(), slot.start.toISOString()],
            staffMemberId: [appointment.staffMemberId, move.staffMemberId],
          },
        },
        now,
      );
      const { date, time } = providerDateTime(slot.start, provider);
      await notifyCustomer(tx, deps.messenger, id, changeMessage(provider.language ?? "no", provider.companyName, date, time), now);
    });
  } catch (error) {
    if (isExclusionViolation(error) || error instanceof HeldByOther) refuse("occupied");
    throw error;
  }
}
