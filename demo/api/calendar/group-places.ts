import type { Queryable } from "../db/database.ts";
import { liveAppointmentSql } from "../appointments-sql.ts";
import { sessionKey, type Slot } from "../availability/engine.ts";
import type { ResolvedSelection } from "../availability/service-selection.ts";
import type { Holder } from "../secrets/holder.ts";

/**
 * Group services (issue 42): the bookings of one service with one staff member at one
 * start share a session, and take at most its capacity of places between them.
 */

/** The session a booking of `offered` joins (its session_key), or null for a one-to-one booking. */
export const sessionOf = (selection: ResolvedSelection, offered: Slot): string | null =>
  selection.capacity > 1 ? sessionKey(selection.serviceIds[0]!, offered.start) : null;

/**
 * Whether the session has a place left for one more: asked inside the transaction that
 * writes, after the staff calendar's lock, under the session row's own lock (FOR UPDATE),
 * so that two writers never both take the last place. Live appointments and other
 * visitors' live holds take places; the writer's own hold and the appointment being moved
 * do not.
 */
export async function placeLeft(
  tx: Queryable,
  staffMemberId: number,
  session: string,
  capacity: number,
  now: Date,
  { holder, movingAppointmentId }: { holder?: Holder | undefined; movingAppointmentId?: number | undefined } = {},
): Promise<boolean> {
  await tx.query("INSERT INTO group_sessions (staff_member_id, session_key) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
    staffMemberId,
    session,
  ]);
  await tx.query("SELECT 1 FROM group_sessions WHERE staff_member_id = $1 AND session_key = $2 FOR UPDATE", [staffMemberId, session]);
  const [row] = await tx.query<{ taken: number }>(
    `SELECT (SELECT count(*) FROM appointments WHERE staff_member_id = $1 AND session_key = $2 AND id IS DISTINCT FROM $4
                AND ${liveAppointmentSql("$3")})::int
          + (SELECT count(*) FROM slot_holds WHERE staff_member_id = $1 AND session_key = $2 AND expires_at > $3
                AND holder_digest IS DISTINCT FROM $5)::int AS taken`,
    [staffMemberId, session, now, movingAppointmentId ?? null, holder ?? null],
  );
  return row!.taken < capacity;
}
