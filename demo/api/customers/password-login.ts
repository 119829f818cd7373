import type { CustomerAccount } from "../../../src/api/schemas/customer.ts";
import type { Provider } from "../../../src/api/schemas/provider.ts";
import { consumeCode, issueCode } from "../codes/one-time-codes.ts";
import type { Database } from "../db/database.ts";
import { badRequest, notFound, unauthorized } from "../http-errors.ts";
import type { Logger } from "../logger.ts";
import { passwordResetMessage } from "../outbox/message-texts.ts";
import { sendMessage } from "../outbox/outbox.ts";
import { hashPassword, verifyPassword } from "../passwords.ts";
import { accountById, accountByPhone, WRONG_PASSWORD } from "./customer-profiles.ts";
import { assertNotLockedOut, clearLoginFailures, recordLoginFailure } from "./login-throttle.ts";

export const UNKNOWN_PHONE = "No customer account with this phone number";
export const WRONG_CODE = "Wrong code";

/** CustomerAccount/byPhone: "Existing" when the phone has an account with a password. */
export async function phoneLookup(db: Database, providerId: number, phone: string): Promise<"New" | "Existing"> {
  const account = await accountByPhone(db, providerId, phone);
  return account?.passwordHash ? "Existing" : "New";
}

/**
 * CustomerAccount/byPhoneAndPassword. An unknown phone (404) and a wrong password
 * (401 "Wrong password") are told apart, as the client shows them differently; five
 * wrong passwords lock the phone for a while (429).
 */
export async function loginWithPassword(db: Database, providerId: number, phone: string, password: string, now: Date): Promise<CustomerAccount> {
  const account = await accountByPhone(db, providerId, phone);
  if (!account?.passwordHash) notFound(UNKNOWN_PHONE);
  const subject = { providerId, kind: "password" as const, subject: phone };
  await assertNotLockedOut(db, subject, now);
  if (!(await verifyPassword(password, account.passwordHash))) {
    await recordLoginFailure(db, subject, now);
    unauthorized(WRONG_PASSWORD);
  }
  await clearLoginFailures(db, subject);
  return accountById(db, account.id);
}

/** CustomerAccount/resetPassword: a five-digit code by SMS to the account's phone. */
export async function sendPasswordResetCode(db: Database, logger: Logger, provider: Provider, phone: string, now: Date): Promise<void> {
  const account = await accountByPhone(db, provider.userId, phone);
  if (!account) notFound(UNKNOWN_PHONE);
  await db.transaction(async (tx) => {
    const code = await issueCode(tx, { providerId: provider.userId, purpose: "reset-password", channel: "sms", recipient: phone }, now);
    await sendMessage(tx, logger, {
      channel: "sms",
      to: phone,
      ...passwordResetMessage(provider.language ?? "no", provider.companyName, code),
      code,
    }, now);
  });
}

/**
 * CustomerAccount/resetPasswordByCode: the code proves the phone, so the account
 * is verified too, and any login lock-out is lifted.
 */
export async function resetPasswordWithCode(
  db: Database,
  providerId: number,
  input: { login: string; code: string; newPassword: string },
  now: Date,
): Promise<void> {
  const account = await accountByPhone(db, providerId, input.login);
  if (!account) notFound(UNKNOWN_PHONE);
  const passwordHash = await hashPassword(input.newPassword);
  const changed = await db.transaction(async (tx) => {
    const used = await consumeCode(tx, { providerId, purpose: "reset-password", code: input.code, recipient: input.login }, now);
    if (!used) return false;
    await tx.query("UPDATE customer_accounts SET password_hash = $2, verified = true WHERE id = $1", [account.id, passwordHash]);
    await clearLoginFailures(tx, { providerId, kind: "password", subject: input.login });
    return true;
  });
  if (!changed) badRequest(WRONG_CODE);
}
