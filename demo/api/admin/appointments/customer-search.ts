import type { AdminCustomers } from "booking-widget/contract";
import type { Queryable } from "../../db/database.ts";
import type { AdminAccess } from "../admin-access.ts";
import { shownContacts } from "../day/admin-reach.ts";

/** At most this many customers answer one search. */
export const CUSTOMER_SEARCH_LIMIT = 20;

/** A search's text as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /api/admin/customers?query=: the provider's customer accounts whose name, or whose
 * phone number (digits: spaces and a leading + are ignored), contains the query; at most
 * 20, by name. A role that hides contacts finds by name only, and sees no contact.
 */
export async function searchCustomers(db: Queryable, admin: AdminAccess, query: string): Promise<AdminCustomers> {
  const digits = query.replace(/[\s+\-()]/g, "");
  const byPhone = !admin.role.hideContacts && /^\d{2,15}$/.test(digits);
  const rows = await db.query<{ id: number; name: string; phone: string; email: string }>(
    `SELECT id, trim(first_name || ' ' || last_name) AS name, coalesce(phone_number, '') AS phone, email_address AS email
       FROM customer_accounts
      WHERE provider_id = $1 AND (trim(first_name || ' ' || last_name) ILIKE $2 OR ($3 AND phone_number LIKE $4))
      ORDER BY lower(trim(first_name || ' ' || last_name)), id LIMIT $5`,
    [admin.providerId, containsPattern(query), byPhone, containsPattern(digits), CUSTOMER_SEARCH_LIMIT],
  );
  return { customers: rows.map((row) => shownContacts(admin, row)) };
}
