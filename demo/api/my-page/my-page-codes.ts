import type { Context } from "hono";
import { type CustomerAccount, type LoginChannel, type Provider, myPageCodeChannels } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { clientAddress } from "../client-address.ts";
import { checkCode, codeUsedUp, issueCode } from "../codes/one-time-codes.ts";
import { accountById, accountByPhone, accountByProvenEmail, myPageCodeOf } from "../customers/customer-accounts.ts";
import type { Queryable } from "../db/database.ts";
import { badRequest, refuse } from "../http-errors.ts";
import { reserveAll, sendLimits } from "../limits/counted-limits.ts";
import { rememberLoginAddress } from "../limits/guess-limits.ts";
import { myPageCodeMessage } from "../outbox/message-texts.ts";

/** A login a My Page code goes to: a phone number, or an e-mail address (lower case). */
export interface MyPageLogin {
  channel: LoginChannel;
  login: string;
}

/**
 * The provider's account a phone or e-mail opens on My Page: the account of that phone
 * (proven or not, as a receipt's link opens it), or an account whose e-mail was itself
 * proven before (an e-mail typed beside someone's phone opens nothing of theirs).
 */
async function accountFor(db: Queryable, providerId: number, { channel, login }: MyPageLogin): Promise<number | undefined> {
  if (channel === "email") return accountByProvenEmail(db, providerId, login);
  return (await accountByPhone(db, providerId, login))?.id;
}

/** 400 for a channel this page does not send My Page codes by (an e-mail where only phones get them). */
function requireChannel(provider: Provider, channel: LoginChannel): void {
  if (!myPageCodeChannels(provider).includes(channel))
    badRequest('Invalid body field "login": this booking page sends My Page codes by SMS only: give a phone number');
}

/**
 * CustomerAccount/loginCode (issue 57): a five-digit My Page code, sent now by SMS to the
 * phone or by e-mail to the address. Counted before anything is looked up, per
 * recipient, per caller's address and per network (the send limits every code has).
 * Whether the login has an account shows nowhere: the answer is the same, and a code is
 * made either way (so guessing at it runs out after five tries either way), but only an
 * account's own contact gets a message with it.
 */
export async function sendMyPageCode(deps: ApiDeps, c: Context, provider: Provider, target: MyPageLogin): Promise<void> {
  const { db, keys, messenger } = deps;
  requireChannel(provider, target.channel);
  const now = deps.clock.now();
  await reserveAll(db, sendLimits(target.login, clientAddress(c)), now);
  await db.transaction(async (tx) => {
    const code = await issueCode(
      tx,
      keys,
      { providerId: provider.userId, purpose: "my-page-login", channel: target.channel, recipient: target.login },
      now,
    );
    if ((await accountFor(tx, provider.userId, target)) === undefined) return;
    await messenger.send(
      tx,
      {
        channel: target.channel,
        to: target.login,
        ...myPageCodeMessage(provider.language ?? "no", provider.companyName, code),
        code,
      },
      now,
    );
  });
}

/**
 * CustomerAccount/byCode (issue 57): the account a sent My Page code opens, with what
 * logs it in from then on. At most five guesses are compared with one code
 * (one-time-codes.ts), and codes are few (the send limits). A proven account answers with
 * its token (and a code by SMS proves its phone too). An account nobody has proven (a
 * page that verifies no one files its bookings under the phone's unproven account) stays
 * unproven, so that those bookings keep reaching it, and answers with its three-digit My
 * Page code, which logs in with the phone as a receipt's link does.
 */
export async function logInWithMyPageCode(
  deps: ApiDeps,
  c: Context,
  provider: Provider,
  target: MyPageLogin,
  code: string,
): Promise<CustomerAccount> {
  const { db, keys } = deps;
  requireChannel(provider, target.channel);
  const now = deps.clock.now();
  const check = await checkCode(db, keys, { providerId: provider.userId, purpose: "my-page-login", recipient: target.login, code }, now);
  if (check.kind === "used-up") throw codeUsedUp();
  const accountId = check.kind === "used" ? await accountFor(db, provider.userId, target) : undefined;
  if (accountId === undefined) refuse("wrong-code-or-phone");
  if (target.channel === "sms") {
    await db.query("UPDATE customer_accounts SET phone_verified = true WHERE id = $1 AND verified", [accountId]);
    await rememberLoginAddress(deps, c, provider.userId, target.login, now);
  }
  const account = await accountById(db, keys, accountId);
  return account.verified ? account : { ...account, customerAccountIdentificationCode: await myPageCodeOf(db, keys, accountId) };
}
