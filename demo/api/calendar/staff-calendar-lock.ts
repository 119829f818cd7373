import type { Queryable } from "../db/database.ts";

/** The advisory-lock key space for staff calendars (the first of the two int4 keys). */
const STAFF_CALENDAR = 1;

/**
 * Queues the transactions that write one staff member's appointments, until commit.
 * Without it, PostgreSQL checks two concurrent overlapping inserts against each other's
 * uncommitted rows: each waits for the other and one fails with "deadlock detected"
 * instead of the exclusion constraint's own error. Queued, the later one sees the
 * earlier one's committed row and gets the constraint's error (the slot is occupied).
 */
export async function lockStaffCalendar(tx: Queryable, staffMemberId: number): Promise<void> {
  await tx.query("SELECT 1 FROM (SELECT pg_advisory_xact_lock($1::int, $2::int)) AS locked", [STAFF_CALENDAR, staffMemberId]);
}
