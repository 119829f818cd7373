import { EMAIL_PATTERN, PHONE_PATTERN } from "../contact-patterns.ts";
import { VerificationType } from "../enumerations.ts";

/** Where a My Page login code goes: a text message to a phone, or an e-mail. */
export type LoginChannel = "sms" | "email";

/**
 * What a customer types to log in to My Page: their phone number (national digits), or
 * their e-mail address; null when it is neither. The e-mail is compared without case.
 */
export function loginOf(typed: string): { channel: LoginChannel; login: string } | null {
  const trimmed = typed.trim();
  if (PHONE_PATTERN.test(trimmed)) return { channel: "sms", login: trimmed };
  if (trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed)) return { channel: "email", login: trimmed.toLowerCase() };
  return null;
}

/**
 * The channels a booking page sends My Page login codes by (issue 57): always to a
 * phone, and to an e-mail address on a page that verifies its bookings by e-mail
 * (there an account may be known by its proven e-mail alone). The widget offers these
 * and the API refuses any other.
 */
export function myPageCodeChannels(provider: { verificationType: number }): readonly LoginChannel[] {
  return provider.verificationType === VerificationType.Email ? ["email", "sms"] : ["sms"];
}

/** The digits of a code sent now (the booking's and the reset's codes have five, spec §5). */
export const SENT_CODE_PATTERN = /^\d{5}$/;

/**
 * The profile rules for an account proven by e-mail alone (issue 57): it has no phone and
 * is asked for none (a phone typed there would be unproven, and must not open the account
 * to whoever holds it), and its e-mail is its login, which the profile keeps. The widget's
 * profile form and the API's check both read the page's rules through this.
 */
export function emailLoginProfileRules<P extends { customerRequiredPhoneNumber: boolean; customerRequiredPhoneNumberOptional: boolean }>(
  provider: P,
): P {
  return { ...provider, customerRequiredPhoneNumber: false, customerRequiredPhoneNumberOptional: false };
}
