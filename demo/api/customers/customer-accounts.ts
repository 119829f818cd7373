import { randomBytes } from "node:crypto";
import type { CustomerAccount } from "../../../src/api/schemas/customer.ts";
import type { Queryable } from "../db/database.ts";

/**
 * A customer row under the API names of spec §3: never the password hash, and the
 * token (customerAccountIdentificationCode) only once the phone or e-mail is verified.
 */
export const CUSTOMER_SELECT = `id, first_name AS "firstName", last_name AS "lastName", email_address AS "emailAddress",
  address, postal_code AS "postalCode", city, coalesce(phone_number, '') AS "phoneNumber",
  phone_number_country_code AS "phoneNumberCountryCode", ssn, to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
  gender, 'Unknown' AS country, provider_id AS "userId", provider_id AS "adminId", verified,
  CASE WHEN verified THEN token END AS "customerAccountIdentificationCode", custom_fields AS "customFields"`;

export const newToken = () => randomBytes(24).toString("hex");

export interface ContactDetails {
  phoneNumber?: string | undefined;
  phoneNumberCountryCode?: number | undefined;
  emailAddress?: string | undefined;
  firstName?: string | undefined;
}

/**
 * The provider's customer with this phone number (else e-mail address), created when
 * there is none, and marked verified: a code sent to that contact just came back.
 */
export async function verifiedCustomer(tx: Queryable, providerId: number, contact: ContactDetails): Promise<CustomerAccount> {
  const phone = contact.phoneNumber || null;
  const email = contact.emailAddress?.trim() || "";
  const [existing] = await tx.query<{ id: number }>(
    phone
      ? "SELECT id FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2"
      : "SELECT id FROM customer_accounts WHERE provider_id = $1 AND lower(email_address) = lower($2) ORDER BY id LIMIT 1",
    [providerId, phone ?? email],
  );
  const rows = existing
    ? await tx.query<CustomerAccount>(
        `UPDATE customer_accounts SET verified = true,
                email_address = CASE WHEN email_address = '' THEN $2 ELSE email_address END
          WHERE id = $1 RETURNING ${CUSTOMER_SELECT}`,
        [existing.id, email],
      )
    : await tx.query<CustomerAccount>(
        `INSERT INTO customer_accounts (provider_id, first_name, email_address, phone_number, phone_number_country_code, verified, token)
         VALUES ($1, $2, $3, $4, coalesce($5, 47), true, $6) RETURNING ${CUSTOMER_SELECT}`,
        [providerId, contact.firstName ?? "", email, phone, contact.phoneNumberCountryCode ?? null, newToken()],
      );
  return rows[0] as CustomerAccount;
}

/** The provider's customer holding this token, or undefined. */
export async function customerByToken(db: Queryable, providerId: number, token: string): Promise<(CustomerAccount & { id: number }) | undefined> {
  const [row] = await db.query<CustomerAccount & { id: number }>(
    `SELECT ${CUSTOMER_SELECT} FROM customer_accounts WHERE provider_id = $1 AND token = $2`,
    [providerId, token],
  );
  return row;
}

/**
 * The account an unverified booking (a page that neither verifies nor uses accounts)
 * is filed under, so that its receipt can link to My Page: the phone number's
 * unverified account, made when there is none. A verified account is never handed to
 * an unverified booking (that would show its appointments to whoever typed the
 * number), so such a booking stays without an account; so does one without a phone.
 */
export async function unverifiedCustomerId(
  tx: Queryable,
  provider: { userId: number; defaultPhoneNumberCountryCode: number | null },
  contact: { phoneNumber: string; phoneNumberCountryCode?: number | null; firstName: string; emailAddress: string },
): Promise<number | null> {
  if (!contact.phoneNumber) return null;
  await tx.query(
    `INSERT INTO customer_accounts (provider_id, first_name, email_address, phone_number, phone_number_country_code, verified, token)
     VALUES ($1, $2, $3, $4, coalesce($5::int, $6::int, 47), false, $7) ON CONFLICT (provider_id, phone_number) DO NOTHING`,
    [provider.userId, contact.firstName.trim(), contact.emailAddress.trim(), contact.phoneNumber,
     contact.phoneNumberCountryCode ?? null, provider.defaultPhoneNumberCountryCode, newToken()],
  );
  const [row] = await tx.query<{ id: number; verified: boolean }>(
    "SELECT id, verified FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2",
    [provider.userId, contact.phoneNumber],
  );
  return row && !row.verified ? row.id : null;
}
