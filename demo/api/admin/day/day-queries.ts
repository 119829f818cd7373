import type { Queryable } from "../../db/database.ts";
import { liveAppointmentSql } from "../../appointments-sql.ts";

/** The reads of the back office's day, each one statement within one provider (`$1`). */

/** Where the changes feed stands now: the oldest transaction still running (changes-feed.ts). */
export async function changesCursor(db: Queryable): Promise<string> {
  const [row] = await db.query<{ cursor: string }>("SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS cursor");
  return row!.cursor;
}

export interface StaffNameRow {
  id: number;
  name: string;
}

export const staffNames = (db: Queryable, providerId: number) =>
  db.query<StaffNameRow>(
    `SELECT id, trim(first_name || ' ' || last_name) AS name FROM staff_members WHERE provider_id = $1 ORDER BY position, id`,
    [providerId],
  );

/** A group booking's class: its places taken (live bookings of its session; unqualified names are o's) and its service's places. */
const GROUP_SQL = `CASE WHEN a.session_key LIKE '%@%' THEN json_build_object(
    'taken', (SELECT count(*) FROM appointments o WHERE o.staff_member_id = a.staff_member_id AND o.session_key = a.session_key
                AND ${liveAppointmentSql("$2")})::int,
    'places', (SELECT max(s.capacity) FROM appointment_services aps JOIN services s ON s.id = aps.service_id WHERE aps.appointment_id = a.id))
  END`;

/** The services of appointment `a`, main services first, as { id, title }. */
const SERVICES_SQL = `coalesce((SELECT json_agg(json_build_object('id', s.id, 'title', s.title) ORDER BY s.parent_id NULLS FIRST, s.position, s.id)
    FROM appointment_services aps JOIN services s ON s.id = aps.service_id WHERE aps.appointment_id = a.id), '[]')`;

export interface DayAppointmentRow {
  id: number;
  staffMemberId: number;
  start: string;
  end: string;
  blockedFrom: string;
  blockedUntil: string;
  status: string;
  attendance: string | null;
  customerName: string;
  phone: string;
  email: string;
  holdExpiresAt: string | null;
  seriesId: string | null;
  services: { id: number; title: string }[];
  group: { taken: number; places: number } | null;
}

/** Instants as ISO text in every answer (the driver's Date objects would depend on the database). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const DAY_APPOINTMENT_COLUMNS = `a.id, a.staff_member_id AS "staffMemberId", ${iso("a.starts_at")} AS start, ${iso("a.ends_at")} AS "end",
  ${iso("a.blocked_from")} AS "blockedFrom", ${iso("a.blocked_until")} AS "blockedUntil", a.status, a.attendance,
  a.first_name AS "customerName", a.phone_number AS phone, a.email_address AS email,
  ${iso("a.hold_expires_at")} AS "holdExpiresAt", a.series_id::text AS "seriesId",
  ${SERVICES_SQL} AS services, ${GROUP_SQL} AS "group"`;

/** The live appointments of some staff members that meet [from, until) ($2 is now: an unpaid booking whose time ran out is gone). */
export const dayAppointments = (db: Queryable, providerId: number, now: Date, staffIds: readonly number[], from: Date, until: Date) =>
  db.query<DayAppointmentRow>(
    `SELECT ${DAY_APPOINTMENT_COLUMNS} FROM appointments a
      WHERE a.provider_id = $1 AND a.staff_member_id = ANY($3::int[]) AND a.blocked_until > $4 AND a.blocked_from < $5
        AND ${liveAppointmentSql("$2")}
      ORDER BY a.starts_at, a.id`,
    [providerId, now, [...staffIds], from, until],
  );

/** One appointment as the grid shows it, live or not, within the provider. */
export async function dayAppointment(db: Queryable, providerId: number, now: Date, id: number) {
  const [row] = await db.query<DayAppointmentRow>(
    `SELECT ${DAY_APPOINTMENT_COLUMNS} FROM appointments a WHERE a.provider_id = $1 AND a.id = $3`,
    [providerId, now, id],
  );
  return row;
}

export interface HoldRow {
  staffMemberId: number;
  blockedFrom: string;
  blockedUntil: string;
  expiresAt: string;
}

/** Visitors' live holds (and the holds of waitlist offers): busy, whose nobody is told. */
export const dayHolds = (db: Queryable, providerId: number, now: Date, staffIds: readonly number[], from: Date, until: Date) =>
  db.query<HoldRow>(
    `SELECT staff_member_id AS "staffMemberId", ${iso("blocked_from")} AS "blockedFrom", ${iso("blocked_until")} AS "blockedUntil",
            ${iso("expires_at")} AS "expiresAt"
       FROM slot_holds WHERE provider_id = $1 AND staff_member_id = ANY($3::int[]) AND blocked_until > $4 AND blocked_from < $5 AND expires_at > $2
      ORDER BY blocked_from`,
    [providerId, now, [...staffIds], from, until],
  );

export interface WaitlistEntryRow {
  id: number;
  customerName: string;
  phone: string;
  email: string;
  services: { id: number; title: string }[];
  staffMemberId: number | null;
  dates: string[];
  after: string | null;
  before: string | null;
}

/** The live waitlist entries for some of `dates`, with one of `staffIds` or (`anyone`) nobody in particular. */
export const dayWaitlistEntries = (
  db: Queryable,
  providerId: number,
  now: Date,
  dates: readonly string[],
  staffIds: readonly number[],
  anyone: boolean,
) =>
  db.query<WaitlistEntryRow>(
    `SELECT w.id, trim(c.first_name || ' ' || c.last_name) AS "customerName", coalesce(c.phone_number, '') AS phone, c.email_address AS email,
            coalesce((SELECT json_agg(json_build_object('id', s.id, 'title', s.title) ORDER BY s.position, s.id)
                        FROM services s WHERE s.id = ANY(w.service_ids) AND s.provider_id = w.provider_id), '[]') AS services,
            w.staff_member_id AS "staffMemberId",
            array(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(w.days) d WHERE d = ANY($3::date[]) ORDER BY d) AS dates,
            w.after_time AS after, w.before_time AS before
       FROM waitlist_entries w JOIN customer_accounts c ON c.id = w.customer_id
      WHERE w.provider_id = $1 AND w.removed_at IS NULL AND w.ends_at > $2 AND w.days && $3::date[]
        AND (w.staff_member_id = ANY($4::int[]) OR (w.staff_member_id IS NULL AND $5))
      ORDER BY w.created_at, w.id`,
    [providerId, now, [...dates], [...staffIds], anyone],
  );

export interface WaitlistOfferRow {
  id: number;
  entryId: number;
  staffMemberId: number;
  start: string;
  end: string;
  held: boolean;
  expiresAt: string;
  state: "open" | "taken" | "expired";
}

/** The offers of times in [from, until) with some staff members, whatever became of them. */
export const dayWaitlistOffers = (db: Queryable, providerId: number, now: Date, staffIds: readonly number[], from: Date, until: Date) =>
  db.query<WaitlistOfferRow>(
    `SELECT id, entry_id AS "entryId", staff_member_id AS "staffMemberId", ${iso("starts_at")} AS start, ${iso("ends_at")} AS "end", held,
            ${iso("expires_at")} AS "expiresAt",
            CASE WHEN taken_at IS NOT NULL THEN 'taken' WHEN expired_at IS NOT NULL OR expires_at <= $2 THEN 'expired' ELSE 'open' END AS state
       FROM waitlist_offers WHERE provider_id = $1 AND staff_member_id = ANY($3::int[]) AND starts_at >= $4 AND starts_at < $5
      ORDER BY starts_at, id`,
    [providerId, now, [...staffIds], from, until],
  );

export interface ChangeRow {
  appointmentId: number;
  staffMemberId: number;
  start: string;
  end: string;
}

/**
 * The changes feed's one read: appointments of some staff members stamped at or after
 * `cursor` (migration 035), on the (provider_id, changed_xid) index. `limit + 1` rows
 * tell whether more changed than are listed.
 */
export const changedSince = (db: Queryable, providerId: number, cursor: string, staffIds: readonly number[], limit: number) =>
  db.query<ChangeRow>(
    `SELECT id AS "appointmentId", staff_member_id AS "staffMemberId", ${iso("starts_at")} AS start, ${iso("ends_at")} AS "end"
       FROM appointments WHERE provider_id = $1 AND changed_xid >= $2::xid8 AND staff_member_id = ANY($3::int[])
      ORDER BY changed_xid, id LIMIT $4`,
    [providerId, cursor, [...staffIds], limit + 1],
  );
