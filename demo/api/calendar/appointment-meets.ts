import type { Queryable } from "../db/database.ts";
import { liveAppointmentSql } from "../appointments-sql.ts";

/**
 * A live appointment (not a lapsed unpaid one) of this staff member meets the buffered
 * range `blocked`; the places of the group session `session` are counted apart (placeLeft).
 */
export async function appointmentMeets(
  tx: Queryable,
  staffMemberId: number,
  blocked: { start: Date; end: Date },
  now: Date,
  session: string | null,
) {
  const rows = await tx.query(
    // The range written as the no-overlap constraint's own (tstzrange &&): its GiST index finds it, however long the history.
    `SELECT 1 FROM appointments WHERE staff_member_id = $1 AND tstzrange(blocked_from, blocked_until) && tstzrange($2, $3) AND ${liveAppointmentSql("$4")}
        AND session_key IS DISTINCT FROM $5 LIMIT 1`,
    [staffMemberId, blocked.start, blocked.end, now, session],
  );
  return rows.length > 0;
}
