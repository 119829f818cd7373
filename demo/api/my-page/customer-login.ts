import type { Context } from "hono";
import type { CustomerAccount } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { accountById } from "../customers/customer-accounts.ts";
import { customerBySecret } from "../customers/customer-secrets.ts";

/**
 * My Page login: the phone number plus either the three-digit My Page code (from the
 * receipt link or typed into the login form) or the account's long token (kept by
 * the widget after a verified login). See customerBySecret for how guesses count.
 */
export async function customerByLogin(
  deps: ApiDeps,
  c: Context,
  providerId: number,
  token: string,
  phone: string,
): Promise<CustomerAccount & { id: number }> {
  const { id } = await customerBySecret(deps, c, providerId, token, phone);
  return { ...(await accountById(deps.db, deps.keys, id)), id };
}
