import { isKnownDialCode, phoneNumberLengthFor } from "../../i18n/countries/country-list.ts";
import type { BookingFormValues } from "../../validation/booking-form.ts";
import { EMAIL_PATTERN } from "../../contract/contact-patterns.ts";
import type { IgnoredAttribute } from "../../kernel/errors/report.ts";
import type { PrefillAttributes } from "../store/prefill-attributes.ts";

/** +4741234567 → 47 and 41234567: dial codes are prefix-free, so at most one fits. */
export function splitE164(phone: string): { countryCode: number; number: string } | null {
  const digits = /^\+([1-9]\d{5,14})$/.exec(phone.replace(/[\s-]/g, ""))?.[1];
  if (!digits) return null;
  for (let size = 1; size <= 3; size++) {
    const countryCode = Number(digits.slice(0, size));
    if (!isKnownDialCode(countryCode)) continue;
    const number = digits.slice(size);
    const length = phoneNumberLengthFor(countryCode);
    return length === undefined || number.length === length ? { countryCode, number } : null;
  }
  return null;
}

const MAX_NAME = 100;

/**
 * The information form's first values with the page's prefill: the page knows its
 * visitor better than what an earlier booking left in this browser, so a prefill
 * replaces those fields; values that do not fit are left out with a warning.
 */
export function prefilledDetails(
  values: BookingFormValues,
  prefill: PrefillAttributes,
): { values: BookingFormValues; ignored: IgnoredAttribute[] } {
  const ignored: IgnoredAttribute[] = [];
  const next = { ...values };
  const first = prefill.firstName?.trim() ?? "";
  const last = prefill.lastName?.trim() ?? "";
  const name = [first, last].filter(Boolean).join(" ");
  if (name.length > MAX_NAME)
    ignored.push({ attribute: first ? "first-name" : "last-name", value: name, why: `longer than ${MAX_NAME} characters` });
  else if (name) next.firstName = name;
  const email = prefill.email?.trim();
  if (email) {
    if (EMAIL_PATTERN.test(email)) next.emailAddress = email;
    else ignored.push({ attribute: "email", value: email, why: "not an e-mail address" });
  }
  const phone = prefill.phone?.trim();
  if (phone) {
    const split = splitE164(phone);
    if (split) Object.assign(next, { phoneNumberCountryCode: split.countryCode, phoneNumber: split.number });
    else ignored.push({ attribute: "phone", value: phone, why: "not an E.164 number of a known country (+4741234567)" });
  }
  return { values: next, ignored };
}
