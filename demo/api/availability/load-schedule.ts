import { type Provider, addDays, todayIn } from "booking-widget/contract";
import type { Queryable } from "../db/database.ts";
import type { DateRange, ProviderSchedule } from "./engine.ts";
import type { CatalogueEntry } from "./service-selection.ts";
import type { Holder } from "../secrets/holder.ts";
import { liveAppointmentSql } from "../appointments-sql.ts";

/**
 * Everything the engine needs about one provider, and the bookable catalogue its requests
 * are checked against, read in one statement. With `dates`, only the appointments that
 * can meet a slot on those dates are read: the schedule then answers for those dates
 * alone (a month's calendar, a day's hours).
 */
export async function loadSchedule(
  db: Queryable,
  provider: Provider,
  now: Date,
  dates?: DateRange,
  holder?: Holder,
): Promise<{ schedule: ProviderSchedule; catalogue: CatalogueEntry[] }> {
  const id = provider.userId;
  const yesterday = addDays(todayIn(provider.timeZone, now), -1);
  // Only what can meet a bookable slot: from now (or the dates' start) to the end of the
  // booking window (or of the dates), with two days over for any time zone offset and an
  // appointment running past midnight.
  const DAY = 86_400_000;
  const windowEnd = now.getTime() + (provider.maxDaysInAdvanceForBooking + 2) * DAY;
  const from = dates ? new Date(Math.max(now.getTime(), Date.parse(dates.from) - 2 * DAY)) : now;
  const horizon = new Date(dates ? Math.min(windowEnd, Date.parse(dates.to) + 3 * DAY) : windowEnd);
  // One statement, one round trip: eight apart cost more in the network stack and the
  // server's parsing than the engine costs in all (npm run bench:scale, docs/performance.md).
  const [row] = await db.query<ScheduleRows>(SCHEDULE_SQL, [id, yesterday, from, horizon, now, holder ?? null]);
  const { openingHours, vacations, staff, booked, offTime, notice, held, catalogue } = row ?? EMPTY_SCHEDULE;
  const [vacationsOf, offTimeOf] = [byMember(vacations, (v) => v.staffMemberId), byMember(offTime, (o) => o.staffMemberId)];
  const takenOf = byMember([...booked, ...held], ([staffMemberId]) => staffMemberId);
  const schedule: ProviderSchedule = {
    timeZone: provider.timeZone,
    now,
    maxDaysInAdvance: provider.maxDaysInAdvanceForBooking,
    minimumNoticeMinutes: notice,
    stepMinutes: provider.appointmentDistributionInMinutes,
    openingHours,
    closedDays: vacationsOf.get(null) ?? [],
    staff: staff.map((member) => {
      const off = offTimeOf.get(member.id) ?? [];
      return {
        id: member.id,
        serviceIds: member.serviceIds.map(Number),
        vacations: vacationsOf.get(member.id) ?? [],
        breaks: off.flatMap((b) => (b.dayOfWeek !== null ? [{ dayOfWeek: b.dayOfWeek, start: b.start, end: b.end }] : [])),
        pauses: off.flatMap((p) => (p.date !== null ? [{ date: p.date, start: p.start, end: p.end }] : [])),
        booked: (takenOf.get(member.id) ?? []).map(([, start, end, session, appointmentId]) => ({
          start: new Date(start),
          end: new Date(end),
          ...(appointmentId !== undefined ? { appointmentId } : {}),
          ...groupSession(session),
        })),
      };
    }),
  };
  return { schedule, catalogue };
}

/** Rows by their staff member, found once (a month of 20 staff would otherwise scan every row 20 times). */
function byMember<T>(rows: readonly T[], memberOf: (row: T) => number | null): Map<number | null, T[]> {
  const found = new Map<number | null, T[]>();
  for (const row of rows) {
    const own = found.get(memberOf(row));
    if (own) own.push(row);
    else found.set(memberOf(row), [row]);
  }
  return found;
}

/** A row's place in a group session (its session_key is sessionKey's), or nothing for a one-to-one booking. */
const groupSession = (key: string) => (key.includes("@") ? { session: key } : {});

type TakenRow = [staffMemberId: number, start: number, end: number, session: string, appointmentId?: number];

interface ScheduleRows {
  openingHours: { dayOfWeek: number; open: string; close: string }[];
  vacations: (DateRange & { staffMemberId: number | null })[];
  staff: { id: number; serviceIds: number[] }[];
  /** Each appointment as [staff member, start, end (epoch ms), session key, appointment id]: arrays of numbers are the cheapest for both sides to make and read. */
  booked: TakenRow[];
  offTime: { staffMemberId: number; dayOfWeek: number | null; date: string | null; start: string; end: string }[];
  notice: number;
  /** Each hold as [staff member, start, end, session key]. */
  held: TakenRow[];
  catalogue: CatalogueEntry[];
}

const EMPTY_SCHEDULE: ScheduleRows = {
  openingHours: [],
  vacations: [],
  staff: [],
  booked: [],
  offTime: [],
  notice: 0,
  held: [],
  catalogue: [],
};

/** An instant as milliseconds since the epoch: a number in the JSON, far cheaper to read than a date's text (date_part's float, cheaper than extract's numeric). */
const epochMs = (column: string) => `(date_part('epoch', ${column}) * 1000)::bigint`;

/**
 * $1 the provider, $2 the day before its today, $3 and $4 the span appointments and holds
 * are read for, $5 now, $6 the asking visitor's holder digest (their own holds are free to them).
 */
const SCHEDULE_SQL = `SELECT
  (SELECT coalesce(json_agg(json_build_object('dayOfWeek', day_of_week, 'open', to_char(open_time, 'HH24:MI'), 'close', to_char(close_time, 'HH24:MI'))), '[]')
     FROM working_hours WHERE provider_id = $1) AS "openingHours",
  (SELECT coalesce(json_agg(json_build_object('staffMemberId', staff_member_id, 'from', to_char(from_date, 'YYYY-MM-DD'), 'to', to_char(to_date, 'YYYY-MM-DD'))), '[]')
     FROM vacation_days WHERE provider_id = $1 AND to_date >= $2::date) AS vacations,
  (SELECT coalesce(json_agg(json_build_object('id', m.id, 'serviceIds', m.service_ids) ORDER BY m.position, m.id), '[]')
     FROM (SELECT m.id, m.position, coalesce(array_agg(ss.service_id) FILTER (WHERE ss.service_id IS NOT NULL), '{}') AS service_ids
             FROM staff_members m LEFT JOIN staff_services ss ON ss.staff_member_id = m.id
            WHERE m.provider_id = $1 GROUP BY m.id, m.position) m) AS staff,
  (SELECT coalesce(json_agg(json_build_array(staff_member_id, ${epochMs("blocked_from")}, ${epochMs("blocked_until")}, session_key, id)), '[]')
     FROM appointments WHERE provider_id = $1 AND blocked_until > $3 AND blocked_from < $4 AND ${liveAppointmentSql("$5")}) AS booked,
  (SELECT coalesce(json_agg(t), '[]') FROM (
     SELECT b.staff_member_id AS "staffMemberId", b.day_of_week AS "dayOfWeek", NULL AS date,
            to_char(b.start_time, 'HH24:MI') AS start, to_char(b.end_time, 'HH24:MI') AS "end"
       FROM staff_breaks b JOIN staff_members m ON m.id = b.staff_member_id WHERE m.provider_id = $1
     UNION ALL
     SELECT p.staff_member_id, NULL, to_char(p.pause_date, 'YYYY-MM-DD'), to_char(p.start_time, 'HH24:MI'), to_char(p.end_time, 'HH24:MI')
       FROM staff_pauses p JOIN staff_members m ON m.id = p.staff_member_id WHERE m.provider_id = $1 AND p.pause_date >= $2::date) t) AS "offTime",
  (SELECT minimum_notice_minutes FROM providers WHERE id = $1) AS notice,
  (SELECT coalesce(json_agg(json_build_array(staff_member_id, ${epochMs("blocked_from")}, ${epochMs("blocked_until")}, session_key)), '[]')
     FROM slot_holds WHERE provider_id = $1 AND blocked_until > $3 AND blocked_from < $4 AND expires_at > $5
      AND holder_digest IS DISTINCT FROM $6) AS held,
  (SELECT coalesce(json_agg(json_build_object('id', id, 'parentId', parent_id, 'durationInMinutes', duration_in_minutes,
            'serviceDurationInMinutes', service_duration_in_minutes, 'title', title,
            'unavailableForOnlineBooking', unavailable_for_online_booking,
            'bufferBeforeMinutes', buffer_before_minutes, 'bufferAfterMinutes', buffer_after_minutes,
            'minimumNoticeMinutes', minimum_notice_minutes, 'capacity', capacity)), '[]')
     FROM services WHERE provider_id = $1 AND NOT hide_in_booking) AS catalogue`;
