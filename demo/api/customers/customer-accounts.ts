import { randomBytes, randomInt } from "node:crypto";
import type { CustomerAccount } from "booking-widget/contract";
import type { Queryable } from "../db/database.ts";
import type { ServerKeys } from "../secrets/server-keys.ts";

/**
 * A customer row under the API names of spec §3: never the password hash nor any
 * secret; accountById adds the token (customerAccountIdentificationCode) for a verified
 * account, for a caller who has just proven it is that customer.
 */
const CUSTOMER_SELECT = `id, first_name AS "firstName", last_name AS "lastName", email_address AS "emailAddress",
  address, postal_code AS "postalCode", city, coalesce(phone_number, '') AS "phoneNumber",
  phone_number_country_code AS "phoneNumberCountryCode", ssn, to_char(date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
  gender, 'Unknown' AS country, provider_id AS "userId", provider_id AS "adminId", verified, custom_fields AS "customFields"`;

const TOKEN_CONTEXT = "customer-token";

export interface AccountRow {
  id: number;
  passwordHash: string | null;
  verified: boolean;
}

/** The provider's account for a phone number, with what login needs. */
export async function accountByPhone(db: Queryable, providerId: number, phone: string): Promise<AccountRow | undefined> {
  const [row] = await db.query<AccountRow>(
    `SELECT id, password_hash AS "passwordHash", verified FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2`,
    [providerId, phone],
  );
  return row;
}

/**
 * The account as its proven owner sees it, with its token when verified. The token is
 * made on first need (a customer's sessions share it) and kept sealed and digested.
 */
export async function accountById(db: Queryable, keys: ServerKeys, id: number): Promise<CustomerAccount> {
  const [row] = await db.query<CustomerAccount & { tokenSealed: string | null }>(
    `SELECT ${CUSTOMER_SELECT}, token_sealed AS "tokenSealed" FROM customer_accounts WHERE id = $1`,
    [id],
  );
  const { tokenSealed, ...account } = row!;
  if (!account.verified) return { ...account, customerAccountIdentificationCode: null };
  let token = keys.open(tokenSealed);
  if (!token) {
    // Only over what was read (none yet, or sealed under another secret): two logins
    // at once end up with the same token.
    const fresh = randomBytes(24).toString("hex");
    const [made] = await db.query(
      "UPDATE customer_accounts SET token_digest = $2, token_sealed = $3 WHERE id = $1 AND token_sealed IS NOT DISTINCT FROM $4 RETURNING id",
      [id, keys.digest(TOKEN_CONTEXT, fresh), keys.seal(fresh), tokenSealed],
    );
    token = made
      ? fresh
      : keys.open(
          (await db.query<{ sealed: string }>("SELECT token_sealed AS sealed FROM customer_accounts WHERE id = $1", [id]))[0]?.sealed,
        );
  }
  if (!token) throw new Error(`customer account ${id}: its token cannot be opened with this server secret`);
  return { ...account, customerAccountIdentificationCode: token };
}

/** The provider's verified customer holding this token, or undefined. */
export async function customerByToken(db: Queryable, keys: ServerKeys, providerId: number, token: string) {
  const [row] = await db.query<{ id: number; phoneNumber: string; emailAddress: string; phoneVerified: boolean; emailVerified: boolean }>(
    `SELECT id, coalesce(phone_number, '') AS "phoneNumber", email_address AS "emailAddress",
            phone_verified AS "phoneVerified", email_verified AS "emailVerified"
       FROM customer_accounts WHERE provider_id = $1 AND token_digest = $2 AND verified`,
    [providerId, keys.digest(TOKEN_CONTEXT, token)],
  );
  return row;
}

/**
 * The account's three-digit My Page code (spec §5), for a receipt's link or a login
 * check; made on first need and kept sealed.
 */
export async function myPageCodeOf(db: Queryable, keys: ServerKeys, id: number): Promise<string> {
  const sealed = await sealedMyPageCode(db, id);
  const code = keys.open(sealed);
  if (code) return code;
  // Only over what was read (none yet, or sealed under another secret): two receipts at once carry one code.
  const fresh = String(randomInt(0, 1000)).padStart(3, "0");
  const [made] = await db.query(
    "UPDATE customer_accounts SET my_page_code_sealed = $2 WHERE id = $1 AND my_page_code_sealed IS NOT DISTINCT FROM $3 RETURNING id",
    [id, keys.seal(fresh), sealed],
  );
  return made ? fresh : ((await storedMyPageCode(db, keys, id)) ?? fresh);
}

/** The provider's account whose e-mail was itself proven (the oldest, should two be): what an e-mail code opens. */
export async function accountByProvenEmail(db: Queryable, providerId: number, email: string): Promise<number | undefined> {
  const [row] = await db.query<{ id: number }>(
    "SELECT id FROM customer_accounts WHERE provider_id = $1 AND lower(email_address) = lower($2) AND email_verified ORDER BY id LIMIT 1",
    [providerId, email],
  );
  return row?.id;
}

/** The account's My Page code when it has one (none is made here: a login only compares). */
export async function storedMyPageCode(db: Queryable, keys: ServerKeys, id: number): Promise<string | null> {
  return keys.open(await sealedMyPageCode(db, id));
}

async function sealedMyPageCode(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db.query<{ sealed: string | null }>("SELECT my_page_code_sealed AS sealed FROM customer_accounts WHERE id = $1", [
    id,
  ]);
  return row?.sealed ?? null;
}

export interface ContactDetails {
  phoneNumber?: string | undefined;
  phoneNumberCountryCode?: number | undefined;
  emailAddress?: string | undefined;
  firstName?: string | undefined;
}

/** The profile a first proof of a phone leaves on its account: the prover's own values. */
export interface ProverProfile {
  firstName?: string | undefined;
  lastName?: string | undefined;
  emailAddress?: string | undefined;
  address?: string | undefined;
  postalCode?: string | undefined;
  city?: string | undefined;
  ssn?: string | undefined;
  dateOfBirth?: string | null | undefined;
  gender?: string | null | undefined;
}

/** What a code that came back proves: the one address it was sent to. */
export interface Proof {
  channel: "sms" | "email";
  recipient: string;
}

/**
 * The account a proof unlocks, marked proven for that contact. A phone code unlocks
 * the provider's account with that phone (made when there is none). An e-mail code
 * unlocks only an account whose e-mail was itself proven before (else a new e-mail
 * account without a phone): a code proves one address and never what was typed beside
 * it, so naming someone else's phone next to my e-mail unlocks nothing of theirs.
 */
export async function provenCustomer(
  tx: Queryable,
  providerId: number,
  proof: Proof,
  details: ContactDetails,
  profile: ProverProfile = {},
): Promise<number> {
  if (proof.channel === "sms") {
    // An account nobody had proven yet holds whatever anyone typed for this phone: the
    // prover's own values replace all of it (what they sent with the code, and the new
    // profile sent with this proof); a proven account keeps its owner's values.
    const own = { ...details, ...profile };
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO customer_accounts (provider_id, first_name, email_address, phone_number, phone_number_country_code, phone_verified, verified,
         last_name, address, postal_code, city, ssn, date_of_birth, gender)
       VALUES ($1, $2, $3, $4, coalesce($5, 47), true, true, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (provider_id, phone_number) DO UPDATE SET
         first_name = CASE WHEN customer_accounts.verified THEN customer_accounts.first_name ELSE excluded.first_name END,
         email_address = CASE WHEN customer_accounts.verified THEN customer_accounts.email_address ELSE excluded.email_address END,
         email_verified = customer_accounts.verified AND customer_accounts.email_verified,
         phone_number_country_code = CASE WHEN customer_accounts.verified THEN customer_accounts.phone_number_country_code
                                          ELSE excluded.phone_number_country_code END,
         last_name = CASE WHEN customer_accounts.verified THEN customer_accounts.last_name ELSE excluded.last_name END,
         address = CASE WHEN customer_accounts.verified THEN customer_accounts.address ELSE excluded.address END,
         postal_code = CASE WHEN customer_accounts.verified THEN customer_accounts.postal_code ELSE excluded.postal_code END,
         city = CASE WHEN customer_accounts.verified THEN customer_accounts.city ELSE excluded.city END,
         ssn = CASE WHEN customer_accounts.verified THEN customer_accounts.ssn ELSE excluded.ssn END,
         date_of_birth = CASE WHEN customer_accounts.verified THEN customer_accounts.date_of_birth ELSE excluded.date_of_birth END,
         gender = CASE WHEN customer_accounts.verified THEN customer_accounts.gender ELSE excluded.gender END,
         custom_fields = CASE WHEN customer_accounts.verified THEN customer_accounts.custom_fields ELSE '[]'::jsonb END,
         phone_verified = true, verified = true
       RETURNING id`,
      [
        providerId,
        own.firstName?.trim() ?? "",
        own.emailAddress?.trim() ?? "",
        proof.recipient,
        details.phoneNumberCountryCode ?? null,
        own.lastName?.trim() ?? "",
        own.address?.trim() ?? "",
        own.postalCode?.trim() ?? "",
        own.city?.trim() ?? "",
        own.ssn?.trim() ?? "",
        own.dateOfBirth ?? null,
        own.gender ?? null,
      ],
    );
    return row!.id;
  }
  const known = await accountByProvenEmail(tx, providerId, proof.recipient);
  if (known !== undefined) return known;
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO customer_accounts (provider_id, first_name, email_address, phone_number, phone_number_country_code, email_verified, verified)
     VALUES ($1, $2, $3, NULL, coalesce($4, 47), true, true) RETURNING id`,
    [providerId, details.firstName?.trim() ?? "", proof.recipient, details.phoneNumberCountryCode ?? null],
  );
  return row!.id;
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
    `INSERT INTO customer_accounts (provider_id, first_name, email_address, phone_number, phone_number_country_code)
     VALUES ($1, $2, $3, $4, coalesce($5::int, $6::int, 47)) ON CONFLICT (provider_id, phone_number) DO NOTHING`,
    [
      provider.userId,
      contact.firstName.trim(),
      contact.emailAddress.trim(),
      contact.phoneNumber,
      contact.phoneNumberCountryCode ?? null,
      provider.defaultPhoneNumberCountryCode,
    ],
  );
  const [row] = await tx.query<{ id: number; verified: boolean }>(
    "SELECT id, verified FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2",
    [provider.userId, contact.phoneNumber],
  );
  return row && !row.verified ? row.id : null;
}
