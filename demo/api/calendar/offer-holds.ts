import type { Queryable } from "../db/database.ts";
import type { Holder } from "../secrets/holder.ts";

/**
 * The waitlist offers' part in a hold and a booking (issue 46): an offer's link secret is
 * the holder of the time it offers. Making offers is waitlist/waitlist-offers.ts.
 */

/** Until when a live offer whose link secret is `holder` keeps the time starting at `start`; undefined when there is none. */
export async function offerHoldEnds(db: Queryable, holder: Holder, start: Date, now: Date): Promise<Date | undefined> {
  const [offer] = await db.query<{ expiresAt: Date | string }>(
    `SELECT expires_at AS "expiresAt" FROM waitlist_offers
      WHERE token_digest = $1 AND starts_at = $2 AND held AND taken_at IS NULL AND expired_at IS NULL AND expires_at > $3`,
    [holder, start, now],
  );
  return offer ? new Date(offer.expiresAt) : undefined;
}

/**
 * Inside a booking's transaction: the booking was made with an offer's link secret as
 * its hold token, at the offered time. The offer is taken (single use) and its entry has
 * done its job (its other offers end). Answers whether an offer was taken.
 */
export async function takeOffer(tx: Queryable, holder: Holder | undefined, start: Date, now: Date): Promise<boolean> {
  if (!holder) return false;
  const [taken] = await tx.query<{ entryId: number }>(
    // Also after the offer's own time: a visitor whose hold of it outlasted the offer booked what it offered.
    `UPDATE waitlist_offers SET taken_at = $3 WHERE token_digest = $1 AND starts_at = $2 AND taken_at IS NULL RETURNING entry_id AS "entryId"`,
    [holder, start, now],
  );
  if (!taken) return false;
  await tx.query("UPDATE waitlist_entries SET removed_at = $2 WHERE id = $1 AND removed_at IS NULL", [taken.entryId, now]);
  // Notify-all, the entry may have had links to other times too (issue 57): with it done, they end.
  await tx.query("UPDATE waitlist_offers SET expired_at = $2 WHERE entry_id = $1 AND taken_at IS NULL AND expired_at IS NULL", [
    taken.entryId,
    now,
  ]);
  return true;
}
