import type { Context } from "hono";
import type { CustomerAccount, Provider } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { clientAddress, networkOf } from "../client-address.ts";
import { checkCode, codeUsedUp, issueCode } from "../codes/one-time-codes.ts";
import { refuse } from "../http-errors.ts";
import { limits, reserveAll, sendLimits } from "../limits/counted-limits.ts";
import { rememberLoginAddress, reserveGuess } from "../limits/guess-limits.ts";
import { passwordResetMessage } from "../outbox/message-texts.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import { accountById, accountByPhone } from "./customer-accounts.ts";

/**
 * CustomerAccount/byPhone: "Existing" when the phone has an account with a password.
 * Every lookup counts, per address and per network (it tells whether a phone has an
 * account), and both answers take the same single indexed query.
 */
export async function phoneLookup(deps: ApiDeps, c: Context, providerId: number, phone: string): Promise<"New" | "Existing"> {
  await countLookup(deps, c);
  const [row] = await deps.db.query<{ existing: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2 AND password_hash IS NOT NULL) AS existing`,
    [providerId, phone],
  );
  return row!.existing ? "Existing" : "New";
}

/** One answer that tells whether a phone has an account, counted per address and per network. */
async function countLookup(deps: ApiDeps, c: Context): Promise<void> {
  const address = clientAddress(c);
  await reserveAll(
    deps.db,
    [
      [limits.phoneLookupsPerAddress, address],
      [limits.phoneLookupsPerNetwork, networkOf(address)],
    ],
    deps.clock.now(),
  );
}

/**
 * CustomerAccount/byPhoneAndPassword. An unknown phone (404) and a wrong password
 * (401 "Wrong password") are told apart, as the client shows them differently. Each
 * guess is counted before the password is compared, per phone and caller's address
 * and per phone from everywhere (429 beyond either); a right password gives back only
 * its own count.
 */
export async function loginWithPassword(
  deps: ApiDeps,
  c: Context,
  providerId: number,
  phone: string,
  password: string,
): Promise<CustomerAccount> {
  return accountById(deps.db, deps.keys, await passwordHolder(deps, c, providerId, phone, password));
}

/** The id of the account this phone and password open (404 unknown phone, 401 wrong password, 429 too many). */
export async function passwordHolder(deps: ApiDeps, c: Context, providerId: number, phone: string, password: string): Promise<number> {
  const { db } = deps;
  const now = deps.clock.now();
  // Counted before the phone is even looked up: an unknown phone (404) tells as much as a lookup.
  const reservation = await reserveGuess(deps, c, "password", providerId, phone, now);
  const account = await accountByPhone(db, providerId, phone);
  if (!account?.passwordHash) refuse("unknown-phone");
  if (!(await verifyPassword(password, account.passwordHash))) refuse("wrong-password");
  await reservation.refund(db);
  await rememberLoginAddress(deps, c, providerId, phone, now);
  return account.id;
}

/** CustomerAccount/resetPassword: a five-digit code by SMS to the account's phone (send limits apply). */
export async function sendPasswordResetCode(deps: ApiDeps, c: Context, provider: Provider, phone: string): Promise<void> {
  const { db, keys, messenger } = deps;
  const now = deps.clock.now();
  await reserveAll(db, sendLimits(phone, clientAddress(c)), now);
  const account = await accountByPhone(db, provider.userId, phone);
  if (!account) refuse("unknown-phone");
  await db.transaction(async (tx) => {
    const code = await issueCode(
      tx,
      keys,
      { providerId: provider.userId, purpose: "reset-password", channel: "sms", recipient: phone },
      now,
    );
    await messenger.send(
      tx,
      { channel: "sms", to: phone, ...passwordResetMessage(provider.language ?? "no", provider.companyName, code), code },
      now,
    );
  });
}

/**
 * CustomerAccount/resetPasswordByCode: the code proves the phone, so the account's
 * phone is proven too. At most five guesses are compared with one code.
 */
export async function resetPasswordWithCode(
  deps: ApiDeps,
  c: Context,
  providerId: number,
  input: { login: string; code: string; newPassword: string },
): Promise<void> {
  const { db, keys } = deps;
  const now = deps.clock.now();
  await countLookup(deps, c);
  const account = await accountByPhone(db, providerId, input.login);
  if (!account) refuse("unknown-phone");
  const check = await checkCode(db, keys, { providerId, purpose: "reset-password", code: input.code, recipient: input.login }, now);
  if (check.kind === "used-up") throw codeUsedUp();
  if (check.kind === "wrong") refuse("wrong-reset-code");
  const passwordHash = await hashPassword(input.newPassword);
  await db.query("UPDATE customer_accounts SET password_hash = $2, phone_verified = true, verified = true WHERE id = $1", [
    account.id,
    passwordHash,
  ]);
}
