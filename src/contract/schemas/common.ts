import * as v from "valibot";

/** A calendar date or a date-time starting with YYYY-MM-DD (both appear in answers). */
export const IsoDateLike = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}/, "must start with an ISO date"));

/** Text fields that servers send as null, absent or string: always a string afterwards. */
export const Text = v.nullish(v.string(), "");
export const NullableText = v.nullish(v.string(), null);
export const Flag = v.nullish(v.boolean(), false);

/** An id: a whole number that fits a 32-bit integer (as the API's databases store ids). */
export const Id = v.pipe(v.number(), v.integer(), v.minValue(-2147483648, "is too small"), v.maxValue(2147483647, "is too large"));

/** "", null or missing numbers from the server become null. */
export const NullableNumber = v.nullish(v.number(), null);

/** A date's and a wall-clock time's parts, as the series' requests carry them (the provider's zone). */
export const Year = v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2200));
export const Month = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12));
export const Day = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31));
export const Hour = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23));
export const Minute = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(59));
