import type { CustomerAccount } from "../contract/schemas/index.ts";

/** What identifies the logged-in customer to every My Page call. */
export interface MyPageSession {
  token: string;
  /**
   * Who logged in, where the My Page calls name a phone number: the account's phone, or
   * (an account proven by e-mail alone, issue 57) its e-mail address.
   */
  login: string;
}

/** The session of the account kept in the element's store; null when nobody is logged in. */
export function sessionOf(account: CustomerAccount | null): MyPageSession | null {
  const token = account?.customerAccountIdentificationCode;
  const login = account?.phoneNumber || account?.emailAddress.trim().toLowerCase();
  return account && token && login ? { token, login } : null;
}

/**
 * The account My Page keeps after logging in with `token` and `login`: the server's
 * customer, holding the account's own token when the server handed it out, else the
 * code it logged in with (which the My Page calls accept too).
 */
export function sessionAccount(customer: CustomerAccount, login: MyPageSession): CustomerAccount {
  const byEmail = login.login.includes("@");
  return {
    ...customer,
    phoneNumber: customer.phoneNumber || (byEmail ? "" : login.login),
    emailAddress: customer.emailAddress || (byEmail ? login.login : ""),
    customerAccountIdentificationCode: customer.customerAccountIdentificationCode || login.token,
  };
}
