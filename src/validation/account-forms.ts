import * as v from "valibot";
import { exactPhone, loginCode, password, requiredEmail, smsCode, tokenCode } from "./rules.ts";

/**
 * The account and My Page forms of spec §5. `phoneLength` is the national length of
 * the provider's default country (Norway's 8 in the spec; phoneNumberLengthFor(…)).
 */

/** Accounts on, first step: the phone number to look up. */
export const phoneLoginSchema = (phoneLength: number) => v.object({ login: exactPhone(phoneLength) });

/** Password login. */
export const passwordLoginSchema = (phoneLength: number) => v.object({ login: exactPhone(phoneLength), password });

/** A new customer profile's password. */
export const newPasswordSchema = v.object({ password });

/** Password reset: the texted code and the new password. */
export const passwordResetSchema = v.object({ code: smsCode, newPassword: password });

/** Booking verification: the code sent by e-mail or SMS. */
export const verificationCodeSchema = v.object({ code: smsCode });

/** My Page token login: code of exactly 3 digits, phone of exactly the country's length. */
export const tokenLoginSchema = (phoneLength: number) => v.object({ phone: exactPhone(phoneLength), code: tokenCode });

/** My Page's login (issue 57): the phone number, of the country's length, or the e-mail address a code goes to. */
export const myPageContactSchema = (channel: "sms" | "email", phoneLength: number) =>
  channel === "sms" ? v.object({ phone: exactPhone(phoneLength) }) : v.object({ email: requiredEmail });

/** My Page's whole login: who, and a code (sent now: 5 digits, or the receipt's: 3) or the password. */
export const myPageLoginSchema = (channel: "sms" | "email", phoneLength: number, mode: "code" | "password") =>
  v.object({
    ...myPageContactSchema(channel, phoneLength).entries,
    ...(mode === "code" ? { code: loginCode } : { password }),
  });
