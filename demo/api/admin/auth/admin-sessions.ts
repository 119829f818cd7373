import { randomBytes } from "node:crypto";
import { OWNER_ROLE, type Role } from "booking-widget/contract";
import type { Queryable } from "../../db/database.ts";
import type { ServerKeys } from "../../secrets/server-keys.ts";
import type { AdminAccess } from "../admin-access.ts";
import type { SessionLife, SessionTimes } from "./session-life.ts";

/** The cookie that names a session: HttpOnly, Secure, SameSite=Strict, Path=/ (admin-session-cookie.ts). */
export const SESSION_COOKIE = "admin_session";

/** The row keeps only a keyed digest of the cookie's value: a copy of the table opens no session. */
const tokenHash = (keys: ServerKeys, token: string) => keys.digest("admin-session", token);

/**
 * The session's CSRF token: another keyed digest of the cookie's value, so it is stored
 * nowhere, cannot be had without the cookie, and changes with every session.
 */
export const csrfTokenOf = (keys: ServerKeys, token: string) => keys.digest("admin-csrf", token);

/** A new session for the account (a fresh random id every sign-in: no fixation). Answers the cookie's value. */
export async function startSession(db: Queryable, keys: ServerKeys, accountId: number, now: Date, life: SessionLife): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.query(`INSERT INTO admin_sessions (token_hash, account_id, created_at, last_seen_at, ends_at) VALUES ($1, $2, $3, $3, $4)`, [
    tokenHash(keys, token),
    accountId,
    now,
    new Date(now.getTime() + life.maxHours * 3_600_000),
  ]);
  return token;
}

export interface SessionRow extends SessionTimes {
  sessionId: number;
  account: { id: number; email: string; name: string; owner: boolean; staffMemberId: number | null };
  providerId: number;
  role: Role;
}

interface Row {
  sessionId: number;
  lastSeenAt: Date | string;
  endsAt: Date | string;
  endedAt: Date | string | null;
  accountId: number;
  providerId: number;
  email: string;
  name: string;
  owner: boolean;
  staffMemberId: number | null;
  roleName: string | null;
  appointments: Role["appointments"];
  settings: Role["settings"];
  statistics: Role["statistics"];
  administration: Role["administration"];
  scope: Role["scope"];
  hideContacts: boolean;
}

/** The session the cookie names, with its account (not disabled) and the account's role now; null when none. */
export async function sessionByToken(db: Queryable, keys: ServerKeys, token: string): Promise<SessionRow | null> {
  const [row] = await db.query<Row>(
    `SELECT s.id AS "sessionId", s.last_seen_at AS "lastSeenAt", s.ends_at AS "endsAt", s.ended_at AS "endedAt",
            a.id AS "accountId", a.provider_id AS "providerId", a.email, a.name, a.owner, a.staff_member_id AS "staffMemberId",
            r.name AS "roleName", r.appointments, r.settings, r.statistics, r.administration, r.scope, r.hide_contacts AS "hideContacts"
       FROM admin_sessions s
       JOIN admin_accounts a ON a.id = s.account_id AND a.disabled_at IS NULL
       LEFT JOIN admin_roles r ON r.id = a.role_id AND r.provider_id = a.provider_id
      WHERE s.token_hash = $1`,
    [tokenHash(keys, token)],
  );
  if (!row) return null;
  // An owner's reach is fixed; anyone else without a role (none can be, by the table's check) reaches nothing.
  const role: Role = row.owner
    ? OWNER_ROLE
    : row.roleName === null
      ? { ...OWNER_ROLE, name: "None", appointments: "none", settings: "none", statistics: "none", administration: "none", scope: "own" }
      : {
          name: row.roleName,
          appointments: row.appointments,
          settings: row.settings,
          statistics: row.statistics,
          administration: row.administration,
          scope: row.scope,
          hideContacts: row.hideContacts,
        };
  return {
    sessionId: row.sessionId,
    lastSeenAt: new Date(row.lastSeenAt),
    endsAt: new Date(row.endsAt),
    endedAt: row.endedAt === null ? null : new Date(row.endedAt),
    account: { id: row.accountId, email: row.email, name: row.name, owner: row.owner, staffMemberId: row.staffMemberId },
    providerId: row.providerId,
    role,
  };
}

/** What a route sees of a live session (admin-access.ts). */
export const accessOf = (session: SessionRow): AdminAccess => ({
  providerId: session.providerId,
  accountId: session.account.id,
  staffMemberId: session.account.staffMemberId,
  owner: session.account.owner,
  role: session.role,
  sessionId: String(session.sessionId),
});

export async function touchSession(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db.query("UPDATE admin_sessions SET last_seen_at = $2 WHERE id = $1 AND ended_at IS NULL", [sessionId, now]);
}

/** Sign-out: the row ends on the server, so the cookie opens nothing even if it is kept. */
export async function endSession(db: Queryable, sessionId: number, now: Date): Promise<void> {
  await db.query("UPDATE admin_sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL", [sessionId, now]);
}

/** Ends every live session of an account (an owner's "sign out everywhere", a reset, a disabled account); answers how many. */
export async function endSessionsOf(db: Queryable, accountId: number, now: Date): Promise<number> {
  const rows = await db.query("UPDATE admin_sessions SET ended_at = $2 WHERE account_id = $1 AND ended_at IS NULL RETURNING id", [
    accountId,
    now,
  ]);
  return rows.length;
}
