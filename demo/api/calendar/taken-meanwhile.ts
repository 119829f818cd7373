/**
 * A slot found taken between a transaction's check and its write: the two ways a booking,
 * a hold and a move each read as "taken meanwhile" (try the next staff member, or 409).
 */

/**
 * The no-overlap rule's last word: PostgreSQL's exclusion constraints on appointments and
 * slot_holds (a staff member's buffered ranges never meet) refuse a row that would overlap
 * with SQLSTATE 23P01.
 */
export const isExclusionViolation = (error: unknown) => (error as { code?: string } | null)?.code === "23P01";

/** A time another visitor holds, found inside the booking's transaction. */
export class HeldByOther extends Error {}
