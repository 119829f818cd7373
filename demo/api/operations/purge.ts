import type { Queryable } from "../db/database.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * What is deleted once it can no longer matter (issue 30): rows that only grow
 * otherwise. Times of bookings and limits count on the API's clock (`now`); the
 * outbox's delivery times on the wall clock (`wallNow`).
 */
const RULES: readonly { table: string; what: string; sql: string; clock: "now" | "wall"; keepMs: number }[] = [
  // The longest limit window is a day: an older window counts for nothing.
  { table: "rate_counters", what: "limit windows over", sql: "window_started_at < $1", clock: "now", keepMs: DAY },
  { table: "one_time_codes", what: "expired codes", sql: "expires_at < $1", clock: "now", keepMs: 0 },
  { table: "idempotent_requests", what: "idempotency keys past their day", sql: "created_at < $1", clock: "now", keepMs: DAY },
  { table: "slot_holds", what: "lapsed holds", sql: "expires_at <= $1", clock: "now", keepMs: 0 },
  // A waitlist entry ends with its last day, or when its customer removes it (issue 46).
  { table: "waitlist_entries", what: "ended waitlist entries", sql: "ends_at < $1 OR removed_at < $1", clock: "now", keepMs: DAY },
  { table: "known_login_addresses", what: "login addresses not seen for 90 days", sql: "seen_at < $1", clock: "now", keepMs: 90 * DAY },
  // The back office (issue 59): sessions once over (ended, or past their absolute end), invitations
  // and passkey challenges once used or run out. Kept a day: a session's end is still seen as ended.
  { table: "admin_sessions", what: "back-office sessions over", sql: "ended_at < $1 OR ends_at < $1", clock: "now", keepMs: DAY },
  {
    table: "admin_invitations",
    what: "invitations used or run out",
    sql: "used_at < $1 OR expires_at < $1",
    clock: "now",
    keepMs: 30 * DAY,
  },
  { table: "admin_passkey_challenges", what: "passkey challenges over", sql: "used_at < $1 OR expires_at < $1", clock: "now", keepMs: 0 },
  { table: "outbox_messages", what: "messages sent 30 days ago", sql: "status = 'sent' AND sent_at < $1", clock: "wall", keepMs: 30 * DAY },
  {
    table: "outbox_messages",
    what: "messages failed 90 days ago",
    sql: "status = 'failed' AND queued_at < $1",
    clock: "wall",
    keepMs: 90 * DAY,
  },
];

/** Deletes what has expired; answers how many rows of each kind went. */
export async function purgeExpired(db: Queryable, now: Date, wallNow: Date): Promise<Record<string, number>> {
  const purged: Record<string, number> = {};
  for (const rule of RULES) {
    const before = new Date((rule.clock === "now" ? now : wallNow).getTime() - rule.keepMs);
    const rows = await db.query(`DELETE FROM ${rule.table} WHERE ${rule.sql} RETURNING 1`, [before]);
    if (rows.length > 0) purged[rule.what] = rows.length;
  }
  return purged;
}
