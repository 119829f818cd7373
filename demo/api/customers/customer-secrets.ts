import type { Context } from "hono";
import type { ApiDeps } from "../api-deps.ts";
import { clientAddress } from "../client-address.ts";
import { refuse } from "../http-errors.ts";
import { limits, reserve, reserveAll } from "../limits/counted-limits.ts";
import { sameSecret } from "../secrets/server-keys.ts";
import { accountByPhone, customerByToken, storedMyPageCode } from "./customer-accounts.ts";

const MY_PAGE_CODE = /^\d{3}$/;

/**
 * The account that a phone number plus a secret open (My Page login, spec §7): the
 * three-digit My Page code of the receipt link, or the account's long token. A code
 * guess is counted before it is compared, per phone and address and per phone from
 * everywhere: with 1000 codes, few guesses may ever be compared. A token cannot be
 * guessed; wrong ones count per address only, so nobody can lock a customer out of
 * logging in with the token their browser keeps.
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
    const reservation = await reserveAll(
      db,
      [
        [limits.myPageCodePerAddress, `${providerId}:${phone}:${clientAddress(c)}`],
        [limits.myPageCodePerPhone, `${providerId}:${phone}`],
      ],
      now,
    );
    const account = await accountByPhone(db, providerId, phone);
    const code = account ? await storedMyPageCode(db, keys, account.id) : null;
    if (!account || !code || !sameSecret(code, secret)) refuse("wrong-code-or-phone");
    await reservation.refund(db);
    return { id: account.id };
  }
  const reservation = await reserve(db, limits.tokenPerAddress, clientAddress(c), now);
  const customer = await customerByToken(db, keys, providerId, secret);
  if (!customer || customer.phoneNumber !== phone) refuse("wrong-code-or-phone");
  await reservation.refund(db);
  return { id: customer.id };
}
