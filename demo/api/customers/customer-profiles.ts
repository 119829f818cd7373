import { HTTPException } from "hono/http-exception";
import type { CustomerAccount } from "../../../src/api/schemas/customer.ts";
import type { Provider } from "../../../src/api/schemas/provider.ts";
import { customerFieldProblem } from "../bookings/customer-fields.ts";
import { todayIn } from "../../../src/time/zoned-time.ts";
import type { Database, Queryable } from "../db/database.ts";
import { badRequest, unauthorized } from "../http-errors.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import { assertNotLockedOut, recordLoginFailure } from "./login-throttle.ts";
import { CUSTOMER_SELECT, newToken } from "./customer-accounts.ts";
import type { EditedProfile, NewProfile } from "./customer-profile.ts";

export const WRONG_PASSWORD = "Wrong password";

interface AccountRow {
  id: number;
  passwordHash: string | null;
  token: string;
  myPageCode: string;
  verified: boolean;
}

/** The provider's account for a phone number, with what login needs. */
export async function accountByPhone(db: Queryable, providerId: number, phone: string): Promise<AccountRow | undefined> {
  const [row] = await db.query<AccountRow>(
    `SELECT id, password_hash AS "passwordHash", token, my_page_code AS "myPageCode", verified FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2`,
    [providerId, phone],
  );
  return row;
}

export async function accountById(db: Queryable, id: number): Promise<CustomerAccount> {
  const [row] = await db.query<CustomerAccount>(`SELECT ${CUSTOMER_SELECT} FROM customer_accounts WHERE id = $1`, [id]);
  return row!;
}

/** The same field rules as the booking form (provider flags); custom fields belong to bookings. */
function checkProfile(provider: Provider, profile: NewProfile | EditedProfile, now: Date) {
  const problem = customerFieldProblem(provider, [], { ...profile, customFields: [] }, todayIn(provider.timeZone, now));
  if (problem) badRequest(`Invalid customer account: ${problem}`);
}

const profileValues = (profile: NewProfile | EditedProfile) => [
  profile.firstName,
  profile.lastName,
  profile.emailAddress,
  profile.address,
  profile.postalCode,
  profile.city,
  profile.phoneNumberCountryCode ?? null,
  profile.ssn,
  profile.dateOfBirth,
  profile.gender,
  JSON.stringify(profile.customFields),
];

/**
 * POST CustomerAccount. A phone that already has an account with a password answers
 * 409. An account without a password (made by a verified booking) is taken over, but
 * it becomes unverified: the client verifies the phone by code before it books, so
 * nobody gets an account's token by naming someone else's phone number.
 */
export async function createProfile(db: Database, provider: Provider, profile: NewProfile, now: Date): Promise<CustomerAccount> {
  checkProfile(provider, profile, now);
  const passwordHash = await hashPassword(profile.password);
  return db.transaction(async (tx) => {
    const existing = await accountByPhone(tx, provider.userId, profile.phoneNumber);
    if (existing?.passwordHash) {
      throw new HTTPException(409, { message: "A customer account with this phone number already exists" });
    }
    const values = profileValues(profile);
    const [row] = existing
      ? await tx.query<{ id: number }>(
          `UPDATE customer_accounts SET first_name = $2, last_name = $3, email_address = $4, address = $5, postal_code = $6,
                  city = $7, phone_number_country_code = coalesce($8, phone_number_country_code), ssn = $9, date_of_birth = $10,
                  gender = $11, custom_fields = $12, password_hash = $13, verified = false
            WHERE id = $1 RETURNING id`,
          [existing.id, ...values, passwordHash],
        )
      : await tx.query<{ id: number }>(
          `INSERT INTO customer_accounts (provider_id, first_name, last_name, email_address, address, postal_code, city,
             phone_number_country_code, ssn, date_of_birth, gender, custom_fields, password_hash, phone_number, token, verified)
           VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::int, $15::int), $9, $10, $11, $12, $13, $14, $16, false) RETURNING id`,
          [provider.userId, ...values, passwordHash, profile.phoneNumber, provider.defaultPhoneNumberCountryCode ?? 47, newToken()],
        );
    return accountById(tx, row!.id);
  });
}

/**
 * PUT CustomerAccount: the account is the one with this phone number, proven by its
 * token, its My Page code (what My Page logged in with) or its password. Wrong tokens
 * count towards the My Page lock-out. The phone number and the password do not change here.
 */
export async function editProfile(db: Database, provider: Provider, profile: EditedProfile, now: Date): Promise<CustomerAccount> {
  checkProfile(provider, profile, now);
  const throttle = { providerId: provider.userId, kind: "my-page" as const, subject: profile.phoneNumber };
  await assertNotLockedOut(db, throttle, now);
  const account = await accountByPhone(db, provider.userId, profile.phoneNumber);
  const token = profile.customerAccountIdentificationCode;
  const byToken = Boolean(account && token && ((account.verified && account.token === token) || account.myPageCode === token));
  const byPassword = !byToken && Boolean(account && profile.password && (await verifyPassword(profile.password, account.passwordHash)));
  if (!account || (!byToken && !byPassword)) {
    if (token) await recordLoginFailure(db, throttle, now);
    unauthorized("Wrong token, password or phone number");
  }
  await db.query(
    `UPDATE customer_accounts SET first_name = $2, last_name = $3, email_address = $4, address = $5, postal_code = $6,
            city = $7, phone_number_country_code = coalesce($8, phone_number_country_code), ssn = $9, date_of_birth = $10,
            gender = $11, custom_fields = $12
      WHERE id = $1`,
    [account.id, ...profileValues(profile)],
  );
  return accountById(db, account.id);
}
