import { type Provider, addDays, todayIn } from "booking-widget/contract";
import type { Queryable } from "../db/database.ts";
import type { DateRange, Interval, ProviderSchedule } from "./engine.ts";
import { othersHolds, type Holder } from "../holds/hold-queries.ts";
import { liveAppointmentSql } from "../appointments-sql.ts";

/**
 * Everything the engine needs about one provider, read in a few queries. With `dates`,
 * only the appointments that can meet a slot on those dates are read: the schedule then
 * answers for those dates alone (a month's calendar, a day's hours).
 */
export async function loadSchedule(
  db: Queryable,
  provider: Provider,
  now: Date,
  dates?: DateRange,
  holder?: Holder,
): Promise<ProviderSchedule> {
  const id = provider.userId;
  const yesterday = addDays(todayIn(provider.timeZone, now), -1);
  const openingHours = await db.query<{ dayOfWeek: number; open: string; close: string }>(
    `SELECT day_of_week AS "dayOfWeek", to_char(open_time, 'HH24:MI') AS open, to_char(close_time, 'HH24:MI') AS close
       FROM working_hours WHERE provider_id = $1`,
    [id],
  );
  const vacations = await db.query<DateRange & { staffMemberId: number | null }>(
    `SELECT staff_member_id AS "staffMemberId", to_char(from_date, 'YYYY-MM-DD') AS "from", to_char(to_date, 'YYYY-MM-DD') AS "to"
       FROM vacation_days WHERE provider_id = $1 AND to_date >= $2::date`,
    [id, yesterday],
  );
  const staff = await db.query<{ id: number; serviceIds: number[] }>(
    `SELECT m.id, coalesce(array_agg(ss.service_id) FILTER (WHERE ss.service_id IS NOT NULL), '{}') AS "serviceIds"
       FROM staff_members m LEFT JOIN staff_services ss ON ss.staff_member_id = m.id
      WHERE m.provider_id = $1 GROUP BY m.id, m.position ORDER BY m.position, m.id`,
    [id],
  );
  // Only what can meet a bookable slot: from now (or the dates' start) to the end of the
  // booking window (or of the dates), with two days over for any time zone offset and an
  // appointment running past midnight.
  const DAY = 86_400_000;
  const windowEnd = now.getTime() + (provider.maxDaysInAdvanceForBooking + 2) * DAY;
  const from = dates ? new Date(Math.max(now.getTime(), Date.parse(dates.from) - 2 * DAY)) : now;
  const horizon = new Date(dates ? Math.min(windowEnd, Date.parse(dates.to) + 3 * DAY) : windowEnd);
  const booked = await db.query<Interval & { staffMemberId: number; id: number; session: string }>(
    `SELECT id, staff_member_id AS "staffMemberId", blocked_from AS start, blocked_until AS "end", session_key AS session
       FROM appointments WHERE provider_id = $1 AND blocked_until > $2 AND blocked_from < $3 AND ${liveAppointmentSql("$4")}`,
    [id, from, horizon, now],
  );
  // Weekly breaks (dayOfWeek) and one-off pauses (date) of the provider's staff, and the page's notice.
  const offTime = await db.query<{ staffMemberId: number; dayOfWeek: number | null; date: string | null; start: string; end: string }>(
    `SELECT b.staff_member_id AS "staffMemberId", b.day_of_week AS "dayOfWeek", NULL AS date,
            to_char(b.start_time, 'HH24:MI') AS start, to_char(b.end_time, 'HH24:MI') AS "end"
       FROM staff_breaks b JOIN staff_members m ON m.id = b.staff_member_id WHERE m.provider_id = $1
     UNION ALL
     SELECT p.staff_member_id, NULL, to_char(p.pause_date, 'YYYY-MM-DD'), to_char(p.start_time, 'HH24:MI'), to_char(p.end_time, 'HH24:MI')
       FROM staff_pauses p JOIN staff_members m ON m.id = p.staff_member_id WHERE m.provider_id = $1 AND p.pause_date >= $2::date`,
    [id, yesterday],
  );
  const [{ notice } = { notice: 0 }] = await db.query<{ notice: number }>(
    "SELECT minimum_notice_minutes AS notice FROM providers WHERE id = $1",
    [id],
  );
  // Times other visitors hold count as taken; the asking visitor's own hold does not.
  const held = await othersHolds(db, id, from, horizon, now, holder);
  return {
    timeZone: provider.timeZone,
    now,
    maxDaysInAdvance: provider.maxDaysInAdvanceForBooking,
    minimumNoticeMinutes: notice,
    stepMinutes: provider.appointmentDistributionInMinutes,
    openingHours,
    closedDays: vacations.filter((v) => v.staffMemberId === null),
    staff: staff.map((member) => ({
      id: member.id,
      serviceIds: member.serviceIds.map(Number),
      vacations: vacations.filter((v) => v.staffMemberId === member.id),
      breaks: offTime.flatMap((b) =>
        b.staffMemberId === member.id && b.dayOfWeek !== null ? [{ dayOfWeek: b.dayOfWeek, start: b.start, end: b.end }] : [],
      ),
      pauses: offTime.flatMap((p) =>
        p.staffMemberId === member.id && p.date !== null ? [{ date: p.date, start: p.start, end: p.end }] : [],
      ),
      booked: [
        ...booked
          .filter((b) => b.staffMemberId === member.id)
          .map((b) => ({ start: new Date(b.start), end: new Date(b.end), appointmentId: b.id, ...groupSession(b.session) })),
        ...held
          .filter((h) => h.staffMemberId === member.id)
          .map((h) => ({ start: new Date(h.start), end: new Date(h.end), ...groupSession(h.session) })),
      ],
    })),
  };
}

/** A row's place in a group session (its session_key is sessionKey's), or nothing for a one-to-one booking. */
const groupSession = (key: string) => (key.includes("@") ? { session: key } : {});
