import type { Queryable } from "../../db/database.ts";

/** A booking page as the back office names it (sign-in, messages, the session's answer). */
export interface AdminProvider {
  id: number;
  bookingLink: string;
  name: string;
  timeZone: string;
  language: string;
}

export async function providerByLink(db: Queryable, bookingLink: string): Promise<AdminProvider | null> {
  const [row] = await db.query<AdminProvider>(
    `SELECT id, booking_link AS "bookingLink", company_name AS name, time_zone AS "timeZone", language FROM providers WHERE booking_link = $1`,
    [bookingLink],
  );
  return row ?? null;
}

export async function providerById(db: Queryable, id: number): Promise<AdminProvider> {
  const [row] = await db.query<AdminProvider>(
    `SELECT id, booking_link AS "bookingLink", company_name AS name, time_zone AS "timeZone", language FROM providers WHERE id = $1`,
    [id],
  );
  if (!row) throw new Error(`no provider ${id}`);
  return row;
}

export interface AccountRow {
  id: number;
  email: string;
  name: string;
  passwordHash: string | null;
  owner: boolean;
  disabled: boolean;
}

/** The provider's account for an e-mail address, whatever its case (one per address at a provider). */
export async function accountByEmail(db: Queryable, providerId: number, email: string): Promise<AccountRow | null> {
  const [row] = await db.query<AccountRow>(
    `SELECT id, email, name, password_hash AS "passwordHash", owner, disabled_at IS NOT NULL AS disabled
       FROM admin_accounts WHERE provider_id = $1 AND lower(email) = lower($2)`,
    [providerId, email],
  );
  return row ?? null;
}

/** The name the audit log gives the person acting (their e-mail address until they chose a name). */
export async function actorName(db: Queryable, accountId: number): Promise<string> {
  const [row] = await db.query<{ name: string; email: string }>("SELECT name, email FROM admin_accounts WHERE id = $1", [accountId]);
  return row?.name || row?.email || "";
}
