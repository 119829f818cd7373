import type { Queryable } from "../db/database.ts";
import type { Holder } from "../secrets/holder.ts";

/**
 * What the rest of the API asks about held times (the calendar, a booking, a move);
 * making a hold is hold-time.ts. See README.md here for the extension as a whole.
 */

/**
 * Whether someone other than `holder` holds part of [start, end) with this staff member
 * (both ranges buffered: the caller passes its slot's `blocked`). Holds of the group
 * session `session` are places in it, not in its way (group-places.ts counts them).
 * Asked inside a transaction that has locked the staff calendar (booking, move), so no
 * hold can come between the answer and the write.
 */
export async function heldByOthers(
  tx: Queryable,
  staffMemberId: number,
  start: Date,
  end: Date,
  now: Date,
  holder: Holder | undefined,
  session: string | null = null,
) {
  const rows = await tx.query(
    `SELECT 1 FROM slot_holds WHERE staff_member_id = $1 AND blocked_from < $3 AND blocked_until > $2 AND expires_at > $4
        AND holder_digest IS DISTINCT FROM $5 AND session_key IS DISTINCT FROM $6 LIMIT 1`,
    [staffMemberId, start, end, now, holder ?? null, session],
  );
  return rows.length > 0;
}

/** The booking took the time: its hold has done its job (but a hold starting at `keeping`, when given). */
export async function dropHold(tx: Queryable, holder: Holder | undefined, keeping?: Date) {
  if (holder)
    await tx.query("DELETE FROM slot_holds WHERE holder_digest = $1 AND starts_at IS DISTINCT FROM $2::timestamptz", [
      holder,
      keeping ?? null,
    ]);
}

/** The staff member whose time the visitor holds at `start`, if so: the booking takes that one first. */
export async function heldStaffMember(db: Queryable, holder: Holder | undefined, start: Date, now: Date): Promise<number | undefined> {
  if (!holder) return undefined;
  const [row] = await db.query<{ staffMemberId: number }>(
    `SELECT staff_member_id AS "staffMemberId" FROM slot_holds WHERE holder_digest = $1 AND starts_at = $2 AND expires_at > $3`,
    [holder, start, now],
  );
  return row?.staffMemberId;
}
