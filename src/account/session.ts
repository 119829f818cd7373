import type { CustomerAccount } from "../contract/schemas/index.ts";

/** What identifies the logged-in customer to every My Page call. */
export interface MyPageSession {
  token: string;
  phone: string;
}

/** The session of the account kept in the element's store; null when nobody is logged in. */
export function sessionOf(account: CustomerAccount | null): MyPageSession | null {
  const token = account?.customerAccountIdentificationCode;
  return account && token && account.phoneNumber ? { token, phone: account.phoneNumber } : null;
}

/**
 * The account My Page keeps after logging in with `token` and `phone`: the server's
 * customer, holding the account's own token when the server handed it out, else the
 * code it logged in with (which the My Page calls accept too).
 */
export function sessionAccount(customer: CustomerAccount, login: MyPageSession): CustomerAccount {
  return {
    ...customer,
    phoneNumber: customer.phoneNumber || login.phone,
    customerAccountIdentificationCode: customer.customerAccountIdentificationCode || login.token,
  };
}
