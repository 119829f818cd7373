import type { BookingFormValues } from "../validation/booking-form.ts";

/** Fields that change together: a phone number belongs to its country code. */
const TOGETHER: readonly (keyof BookingFormValues)[][] = [["phoneNumberCountryCode", "phoneNumber"]];

const groupOf = (key: keyof BookingFormValues) => TOGETHER.find((group) => group.includes(key)) ?? [key];

/**
 * An open form's values after what the page suggests (its prefill attributes) changed
 * from `before` to `after`: a field the visitor has left as `before` suggested it takes
 * `after`'s value; a field they changed keeps what they typed. A phone number and its
 * country code count as one field. Nothing to follow answers `current` itself.
 */
export function followSuggestion(current: BookingFormValues, before: BookingFormValues, after: BookingFormValues): BookingFormValues {
  let next = current;
  for (const key of Object.keys(after) as (keyof BookingFormValues)[]) {
    if (after[key] === before[key] || after[key] === current[key]) continue;
    const group = groupOf(key);
    if (group.every((field) => current[field] === before[field]))
      next = { ...next, ...Object.fromEntries(group.map((field) => [field, after[field]])) };
  }
  return next;
}
