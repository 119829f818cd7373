import type { Context } from "hono";
import { type CustomerAccount, emailLoginProfileRules, type Provider, todayIn } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { customerFieldProblem } from "./customer-fields.ts";
import { badRequest, refuse } from "../http-errors.ts";
import { accountById, accountByPhone } from "./customer-accounts.ts";
import type { EditedProfile, NewProfile } from "./customer-profile.ts";
import { customerBySecret } from "./customer-secrets.ts";
import { passwordHolder } from "./password-login.ts";

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
 * POST CustomerAccount: a new profile for a phone number, not yet proven. Nothing
 * anybody can do by naming a phone reaches its owner's account: a phone whose account
 * has a password answers 409; an existing account without one is left exactly as it
 * is; a phone without an account gets a new unverified one with this profile. The
 * password is not kept here: it is set by Appointment/verify, by whoever proves the
 * phone with the code sent to it. The answer is the profile as sent (unverified, no
 * token), never what is stored.
 */
export async function createProfile({ db, clock }: ApiDeps, provider: Provider, profile: NewProfile): Promise<CustomerAccount> {
  checkProfile(provider, profile, clock.now());
  const existing = await accountByPhone(db, provider.userId, profile.phoneNumber);
  if (existing?.passwordHash) refuse("account-exists");
  const countryCode = profile.phoneNumberCountryCode ?? provider.defaultPhoneNumberCountryCode ?? 47;
  if (!existing) {
    await db.query(
      `INSERT INTO customer_accounts (provider_id, first_name, last_name, email_address, address, postal_code, city,
         phone_number_country_code, ssn, date_of_birth, gender, custom_fields, phone_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (provider_id, phone_number) DO NOTHING`,
      [provider.userId, ...profileValues({ ...profile, phoneNumberCountryCode: countryCode }), profile.phoneNumber],
    );
  }
  const { password: _password, country: _country, adminId: _adminId, ...fields } = profile;
  return {
    ...fields,
    phoneNumberCountryCode: countryCode,
    userId: provider.userId,
    adminId: provider.userId,
    country: "Unknown",
    verified: false,
    customerAccountIdentificationCode: null,
  } as CustomerAccount;
}

/**
 * PUT CustomerAccount: the account is the one with this phone number, proven by its
 * token, its My Page code (what My Page logged in with) or its password, each counted
 * as My Page login and password guesses are. The phone number and the password do not
 * change here.
 */
export async function editProfile(deps: ApiDeps, c: Context, provider: Provider, profile: EditedProfile): Promise<CustomerAccount> {
  const { db, keys } = deps;
  // An account proven by e-mail alone (issue 57) logs in by its e-mail: it keeps it, and has no phone to ask for.
  const byEmail = profile.phoneNumber.includes("@");
  if (byEmail) profile = { ...profile, emailAddress: profile.phoneNumber };
  checkProfile(
    byEmail ? emailLoginProfileRules(provider) : provider,
    byEmail ? { ...profile, phoneNumber: "" } : profile,
    deps.clock.now(),
  );
  const token = profile.customerAccountIdentificationCode;
  // Each answers 401 (or 404, 429) itself when the proof does not hold.
  const accountId = token
    ? (await customerBySecret(deps, c, provider.userId, token, profile.phoneNumber)).id
    : await passwordHolder(deps, c, provider.userId, profile.phoneNumber, profile.password ?? "");
  await db.query(
    `UPDATE customer_accounts SET first_name = $2, last_name = $3, email_address = $4, address = $5, postal_code = $6,
            city = $7, phone_number_country_code = coalesce($8, phone_number_country_code), ssn = $9, date_of_birth = $10,
            gender = $11, custom_fields = $12,
            email_verified = email_verified AND lower(email_address) = lower($4),
            verified = phone_verified OR (email_verified AND lower(email_address) = lower($4))
      WHERE id = $1`,
    [accountId, ...profileValues(profile)],
  );
  return accountById(db, keys, accountId);
}
