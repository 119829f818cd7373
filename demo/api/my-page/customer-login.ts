import type { CustomerAccount } from "../../../src/api/schemas/customer.ts";
import { accountById } from "../customers/customer-profiles.ts";
import { assertNotLockedOut, clearLoginFailures, recordLoginFailure } from "../customers/login-throttle.ts";
import type { Database } from "../db/database.ts";
import { unauthorized } from "../http-errors.ts";

export const WRONG_CODE_OR_PHONE = "Wrong code or phone number";

/**
 * My Page login: the phone number plus either the three-digit My Page code (from the
 * receipt link or typed into the login form) or the account's long token (kept by
 * the widget after a verified login). Wrong guesses count towards a lock-out.
 */
export async function customerByLogin(db: Database, providerId: number, token: string, phone: string, now: Date): Promise<CustomerAccount & { id: number }> {
  const subject = { providerId, kind: "my-page" as const, subject: phone };
  await assertNotLockedOut(db, subject, now);
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM customer_accounts
      WHERE provider_id = $1 AND phone_number = $2 AND (my_page_code = $3 OR (verified AND token = $3))`,
    [providerId, phone, token],
  );
  if (!row) {
    await recordLoginFailure(db, subject, now);
    unauthorized(WRONG_CODE_OR_PHONE);
  }
  await clearLoginFailures(db, subject);
  return { ...(await accountById(db, row.id)), id: row.id };
}
