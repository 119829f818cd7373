import type { Queryable } from "../db/database.ts";
import { hashPassword } from "../passwords.ts";

/**
 * The demo's back-office people (issue 59), seeded with the demo's pages only (seedIfEmpty:
 * never by providers:import, never in production): per page an owner and one real staff
 * member of the page with a view-only role (appointments Read, own scope), with known
 * passwords the demo server prints at start. Anyone who reads this file can sign in: demo only.
 */
export const DEMO_OWNER_PASSWORD = "demo-owner-password";
export const DEMO_STAFF_PASSWORD = "demo-staff-password";
export const demoOwnerEmail = (bookingLink: string) => `owner@${bookingLink}.example`;
export const demoStaffEmail = (bookingLink: string) => `staff@${bookingLink}.example`;
export const VIEW_ONLY_ROLE = "View only";

export async function seedDemoAccounts(tx: Queryable, now: Date): Promise<void> {
  const [ownerHash, staffHash] = await Promise.all([hashPassword(DEMO_OWNER_PASSWORD), hashPassword(DEMO_STAFF_PASSWORD)]);
  const providers = await tx.query<{ id: number; bookingLink: string; name: string }>(
    `SELECT id, booking_link AS "bookingLink", company_name AS name FROM providers ORDER BY id`,
  );
  for (const provider of providers) {
    await tx.query(
      `INSERT INTO admin_accounts (provider_id, email, name, password_hash, owner, created_at) VALUES ($1, $2, $3, $4, true, $5)`,
      [provider.id, demoOwnerEmail(provider.bookingLink), `${provider.name} owner`, ownerHash, now],
    );
    const [role] = await tx.query<{ id: number }>(
      `INSERT INTO admin_roles (provider_id, name, appointments, settings, statistics, administration, scope, hide_contacts)
       VALUES ($1, $2, 'read', 'none', 'none', 'none', 'own', false) RETURNING id`,
      [provider.id, VIEW_ONLY_ROLE],
    );
    const [staff] = await tx.query<{ id: number; name: string }>(
      `SELECT id, trim(first_name || ' ' || last_name) AS name FROM staff_members WHERE provider_id = $1 ORDER BY position, id LIMIT 1`,
      [provider.id],
    );
    if (!staff) continue;
    await tx.query(
      `INSERT INTO admin_accounts (provider_id, email, name, password_hash, role_id, staff_member_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [provider.id, demoStaffEmail(provider.bookingLink), staff.name, staffHash, role!.id, staff.id, now],
    );
  }
}

/** The demo's back-office sign-ins, as the demo server prints them at start. */
export async function demoSignInLines(db: Queryable, base: string): Promise<string[]> {
  const rows = await db.query<{ bookingLink: string; email: string; owner: boolean }>(
    `SELECT p.booking_link AS "bookingLink", a.email, a.owner FROM admin_accounts a JOIN providers p ON p.id = a.provider_id
      WHERE a.email IN ('owner@' || p.booking_link || '.example', 'staff@' || p.booking_link || '.example')
      ORDER BY p.id, a.owner DESC`,
  );
  return rows.map((row) => `  ${base}/${row.bookingLink}/admin  ${row.email} / ${row.owner ? DEMO_OWNER_PASSWORD : DEMO_STAFF_PASSWORD}`);
}
