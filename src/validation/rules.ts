import * as v from "valibot";
import { EMAIL_PATTERN } from "../contract/contact-patterns.ts";
import { encodeError, type ValidationKey } from "./validation-messages.ts";

const trimmed = v.pipe(v.string(), v.trim());

/** A value that must not be blank. */
export const required = (key: ValidationKey) => v.pipe(trimmed, v.nonEmpty(encodeError(key)));

/** Email: required, and shaped like an address. */
export const requiredEmail = v.pipe(trimmed, v.nonEmpty(encodeError("emailRequired")), v.regex(EMAIL_PATTERN, encodeError("emailValid")));

/** Optional email: a valid address when one is given. */
export const optionalEmail = v.pipe(
  trimmed,
  v.check((value) => value === "" || EMAIL_PATTERN.test(value), encodeError("emailValid")),
);

/** Phone (with country): digits only, exactly the selected country's national length. */
export const phoneWithLength = (length: number) =>
  v.pipe(
    trimmed,
    v.nonEmpty(encodeError("phoneRequired")),
    v.regex(/^\d+$/, encodeError("phoneValid")),
    v.length(length, encodeError("phoneLength", length)),
  );

/**
 * Optional phone and login phone (spec §5: "exactly 8 digits", which is Norway's
 * national length): digits only, exactly `length` digits, with the phone-valid message.
 * Optional means an empty value passes.
 */
export const exactPhone = (length: number, { optional = false } = {}) =>
  v.pipe(
    trimmed,
    v.check((value) => (optional && value === "") || new RegExp(`^\\d{${length}}$`).test(value), encodeError("phoneValid")),
  );

/** Password: required; longer than 5 characters (the message says "at least 5"). */
export const password = v.pipe(v.string(), v.nonEmpty(encodeError("passwordRequired")), v.minLength(6, encodeError("passwordLength")));

/** SMS code of the account forms: required, exactly 5 characters. */
export const smsCode = v.pipe(trimmed, v.nonEmpty(encodeError("codeRequired")), v.length(5, encodeError("codeValid")));

/** My Page token-login code: exactly 3 digits. */
export const tokenCode = v.pipe(trimmed, v.nonEmpty(encodeError("codeRequired")), v.regex(/^\d{3}$/, encodeError("codeValid")));

/** My Page's login code (issue 57): the five digits of a code sent now, or the three of a receipt's link. */
export const loginCode = v.pipe(trimmed, v.nonEmpty(encodeError("codeRequired")), v.regex(/^(\d{3}|\d{5})$/, encodeError("codeValid")));
