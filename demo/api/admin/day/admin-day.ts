import { type AdminDay, type AdminDayAppointment, type AdminDayQuery, addDays, toZoned } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { loadSchedule } from "../../availability/load-schedule.ts";
import { instantOf } from "../../availability/zoned-instants.ts";
import { badRequest, notFound } from "../../http-errors.ts";
import { requireProvider } from "../../providers/provider-queries.ts";
import type { AdminAccess } from "../admin-access.ts";
import { reachableStaff, shownContacts } from "./admin-reach.ts";
import { appointmentState, staffDateFrame, viewDates } from "./day-frame.ts";
import {
  changesCursor,
  type DayAppointmentRow,
  dayAppointments,
  dayHolds,
  dayWaitlistEntries,
  dayWaitlistOffers,
  staffNames,
} from "./day-queries.ts";

/** An appointment row as the grid shows it, contacts as the role may see them. */
export const dayAppointmentOf = (admin: Pick<AdminAccess, "role">, row: DayAppointmentRow): AdminDayAppointment =>
  shownContacts(admin, {
    id: row.id,
    staffMemberId: row.staffMemberId,
    start: row.start,
    end: row.end,
    blocked: { start: row.blockedFrom, end: row.blockedUntil },
    state: appointmentState(row.status, row.attendance),
    services: row.services,
    customerName: row.customerName,
    phone: row.phone,
    email: row.email,
    group: row.group,
    holdExpiresAt: row.status === "awaiting_payment" ? row.holdExpiresAt : null,
    seriesId: row.seriesId,
  });

/**
 * GET /api/admin/day: the columns of the staff members `admin` reaches (all, or their
 * own), each with its dates' hours, breaks, pauses, appointments and holds, and the
 * waitlist's entries and offers of those dates. A week is one person's: `staff` names
 * them (or the only one the role reaches).
 */
export async function adminDay(deps: Pick<ApiDeps, "db" | "clock">, admin: AdminAccess, query: AdminDayQuery): Promise<AdminDay> {
  const { db } = deps;
  const now = deps.clock.now();
  const provider = await requireProvider(db, admin.providerId);
  // Read first: whatever commits after it is in the changes feed from this cursor.
  const cursor = await changesCursor(db);
  const staff = await staffNames(db, admin.providerId);
  const reachable = reachableStaff(
    admin,
    staff.map((member) => member.id),
  );
  const days = query.days === "7" ? 7 : 1;
  let shown = reachable;
  if (query.staff !== undefined) {
    const asked = Number(query.staff);
    // Another provider's staff member, or another's under "own" scope: not found, as if none.
    if (!reachable.includes(asked)) notFound("No such staff member");
    shown = [asked];
  } else if (days === 7) {
    if (reachable.length !== 1) badRequest('Invalid query field "staff": a week is shown for one staff member');
  }
  const dates = viewDates(query.date, days);
  const zone = provider.timeZone;
  const from = new Date(instantOf(dates[0]!, "00:00", zone));
  const until = new Date(instantOf(addDays(dates.at(-1)!, 1), "00:00", zone));
  // The engine's own schedule: the hours, breaks and days off the widget offers by, for any
  // date a provider looks at. Only its frame is read here (never its free times), so it is
  // loaded as if asked on the view's first day: a past day's vacations and pauses come too.
  const asOf = new Date(Math.min(now.getTime(), from.getTime()));
  const { schedule } = await loadSchedule(db, { ...provider, maxDaysInAdvanceForBooking: 730 }, asOf, {
    from: dates[0]!,
    to: dates.at(-1)!,
  });
  const [appointments, holds, entries, offers] = await Promise.all([
    dayAppointments(db, admin.providerId, now, shown, from, until),
    dayHolds(db, admin.providerId, now, shown, from, until),
    dayWaitlistEntries(db, admin.providerId, now, dates, shown, admin.role.scope === "all"),
    dayWaitlistOffers(db, admin.providerId, now, shown, from, until),
  ]);
  // What began before the first date (a night's appointment) is shown on it.
  const dateOf = (instant: string) => {
    const date = toZoned(new Date(instant), zone).isoDate;
    return date.localeCompare(dates[0]!) < 0 ? dates[0]! : date;
  };
  const names = new Map(staff.map((member) => [member.id, member.name]));
  return {
    from: dates[0]!,
    to: dates.at(-1)!,
    timeZone: zone,
    currency: provider.currency,
    cursor,
    columns: shown.map((id) => {
      const member = schedule.staff.find((s) => s.id === id) ?? { id, serviceIds: [], vacations: [], booked: [] };
      return {
        staffMember: { id, name: names.get(id) ?? "" },
        days: dates.map((date) => ({
          date,
          ...staffDateFrame(schedule, member, date),
          appointments: appointments
            .filter((row) => row.staffMemberId === id && dateOf(row.start) === date)
            .map((row) => dayAppointmentOf(admin, row)),
          holds: holds
            .filter((row) => row.staffMemberId === id && dateOf(row.blockedFrom) === date)
            .map((row) => ({ staffMemberId: id, blocked: { start: row.blockedFrom, end: row.blockedUntil }, expiresAt: row.expiresAt })),
        })),
      };
    }),
    waitlist: { entries: entries.map((entry) => shownContacts(admin, entry)), offers },
  };
}
