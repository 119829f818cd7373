import type { Queryable } from "../db/database.ts";
import type { Slot } from "../availability/engine.ts";
import type { Holder } from "../secrets/holder.ts";

/** One slot_holds row: a staff member's slot kept for one holder until `expiresAt`. */
export interface HoldRow {
  providerId: number;
  staffId: number;
  slot: Slot;
  holder: Holder;
  /** Whose share it counts in: a visitor's network address, or a waitlist entry's name. */
  address: string;
  /** The address's place (1 to HOLDS_PER_ADDRESS). */
  place: number;
  expiresAt: Date;
  now: Date;
  /** The group session it takes a place of, if any. */
  session: string | null;
  /** 1 for the chosen time; a series' later occurrences 2, 3 … */
  position: number;
}

/**
 * Writes one hold; answers its id. Run under the staff member's calendar lock: the
 * table's exclusion constraint still refuses one that meets another hold (23P01).
 * A visitor's hold (hold-time.ts) and a waitlist offer's (waitlist-offers.ts) are both written here.
 */
export async function insertHold(tx: Queryable, row: HoldRow): Promise<string> {
  const { slot } = row;
  const [inserted] = await tx.query<{ holdId: string }>(
    `INSERT INTO slot_holds (provider_id, staff_member_id, starts_at, ends_at, blocked_from, blocked_until, holder_digest,
       client_address, address_place, expires_at, created_at, session_key, series_position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING hold_id AS "holdId"`,
    [
      row.providerId,
      row.staffId,
      slot.start,
      slot.end,
      slot.blocked.start,
      slot.blocked.end,
      row.holder,
      row.address,
      row.place,
      row.expiresAt,
      row.now,
      row.session,
      row.position,
    ],
  );
  return inserted!.holdId;
}

/** Clears the staff member's lapsed holds (and the address's, when given) before a new one is weighed against them. */
export async function dropLapsedHolds(tx: Queryable, now: Date, staffId: number, address?: string): Promise<void> {
  await tx.query("DELETE FROM slot_holds WHERE expires_at <= $1 AND (staff_member_id = $2 OR client_address = $3)", [
    now,
    staffId,
    address ?? null,
  ]);
}
