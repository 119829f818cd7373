import type { Context } from "hono";
import type { ApiDeps } from "../../api-deps.ts";
import { clientAddress } from "../../client-address.ts";
import { checkCode, codeUsedUp, issueCode } from "../../codes/one-time-codes.ts";
import { refuse } from "../../http-errors.ts";
import { reserveAll, sendLimits } from "../../limits/counted-limits.ts";
import { reserveGuess } from "../../limits/guess-limits.ts";
import { hashPassword } from "../../passwords.ts";
import { recordAdminChange } from "../audit/admin-audit.ts";
import { accountByEmail, providerByLink } from "./admin-accounts.ts";
import { adminResetMessage } from "./admin-messages.ts";
import { endSessionsOf } from "./admin-sessions.ts";

/**
 * Sends a reset code to the e-mail address if it has an account at the page. The caller
 * answers the same whether or not it has: counted by the customer side's send limits
 * (per address, per recipient, per network) either way, so the answer and the limits
 * tell nothing.
 */
export async function requestPasswordReset(deps: ApiDeps, c: Context, input: { bookingLink: string; email: string }): Promise<void> {
  const { db, keys, messenger } = deps;
  const now = deps.clock.now();
  await reserveAll(db, sendLimits(`admin:${input.bookingLink}:${input.email}`, clientAddress(c)), now);
  const provider = await providerByLink(db, input.bookingLink);
  const account = provider ? await accountByEmail(db, provider.id, input.email) : null;
  if (!provider || !account || account.disabled) return;
  await db.transaction(async (tx) => {
    const recipient = account.email.toLowerCase();
    const code = await issueCode(tx, keys, { providerId: provider.id, purpose: "admin-reset-password", channel: "email", recipient }, now);
    await messenger.send(
      tx,
      { channel: "email", to: account.email, ...adminResetMessage(provider.language, provider.name, code), code },
      now,
    );
  });
}

/**
 * Sets a new password with the code: a guess is counted as a password guess is (per
 * account and address, per address, per network, per account), and at most five are
 * compared with one code. The new password ends every session of the account.
 */
export async function resetPasswordWithCode(
  deps: ApiDeps,
  c: Context,
  input: { bookingLink: string; email: string; code: string; newPassword: string },
): Promise<void> {
  const { db, keys } = deps;
  const now = deps.clock.now();
  const provider = await providerByLink(db, input.bookingLink);
  const reservation = await reserveGuess(deps, c, "password", provider?.id ?? 0, `admin:${input.email}`, now);
  const account = provider ? await accountByEmail(db, provider.id, input.email) : null;
  if (!provider || !account || account.disabled) refuse("wrong-reset-code");
  const recipient = account.email.toLowerCase();
  const check = await checkCode(db, keys, { providerId: provider.id, purpose: "admin-reset-password", recipient, code: input.code }, now);
  if (check.kind === "used-up") throw codeUsedUp();
  if (check.kind === "wrong") refuse("wrong-reset-code");
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.query("UPDATE admin_accounts SET password_hash = $2 WHERE id = $1", [account.id, passwordHash]);
    const ended = await endSessionsOf(tx, account.id, now);
    await recordAdminChange(
      tx,
      { providerId: provider.id, accountId: account.id },
      account.name,
      { change: "person.password-reset", details: { sessionsEnded: ended } },
      now,
    );
  });
  await reservation.refund(db);
}
