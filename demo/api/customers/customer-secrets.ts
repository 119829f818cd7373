import type { Context } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { clientAddress } from "../client-address.ts";
import { refuse } from "../http-errors.ts";
import { limits, reserve } from "../limits/counted-limits.ts";
import { rememberLoginAddress, reserveGuess } from "../limits/guess-limits.ts";
import { sameSecret } from "../secrets/server-keys.ts";
import { accountByPhone, customerByToken, storedMyPageCode } from "./customer-accounts.ts";

const MY_PAGE_CODE = /^\d{3}$/;

/**
 * The account that a phone number plus a secret open (My Page login, spec §7): the
 * three-digit My Page code of the receipt link, or the account's long token. A code
 * guess is counted before it is compared (guess-limits.ts: per phone and address, per
 * address and network over every phone, per phone from everywhere but the owner's
 * known addresses): with 1000 codes, few guesses may ever be compared. A token cannot
 * be guessed: it is compared first, and only a wrong one counts (per address, to keep
 * load off), so a valid token is never refused for traffic it did not send. With a
 * token, an account proven by e-mail alone (issue 57) gives its e-mail for the phone.
 */
export async function customerBySecret(
  deps: ApiDeps,
  c: Context,
  providerId: number,
  secret: string,
  phone: string,
): Promise<{ id: number }> {
  const { db, keys } = deps;
  const now = deps.clock.now();
  if (MY_PAGE_CODE.test(secret)) {
    const reservation = await reserveGuess(deps, c, "my-page", providerId, phone, now);
    const account = await accountByPhone(db, providerId, phone);
    const code = account ? await storedMyPageCode(db, keys, account.id) : null;
    if (!account || !code || !sameSecret(code, secret)) refuse("wrong-code-or-phone");
    await reservation.refund(db);
    await rememberLoginAddress(deps, c, providerId, phone, now);
    return { id: account.id };
  }
  const customer = await customerByToken(db, keys, providerId, secret);
  if (!customer || !isLoginOf(customer, phone)) {
    // Counted only now: 429 once an address has sent too many wrong tokens, else 401.
    await reserve(db, limits.tokenPerAddress, clientAddress(c), now);
    refuse("wrong-code-or-phone");
  }
  await rememberLoginAddress(deps, c, providerId, phone, now);
  return { id: customer.id };
}

/** Whether `login` (a phone, or an e-mail in lower case) is the token holder's own: its phone, or its proven e-mail. */
function isLoginOf(customer: { phoneNumber: string; emailAddress: string; emailVerified: boolean }, login: string): boolean {
  if (login.includes("@")) return customer.emailVerified && customer.emailAddress.trim().toLowerCase() === login;
  return customer.phoneNumber === login;
}
