import * as v from "valibot";

/** The API's payment id: 32 hex digits. */
export const PaymentId = v.pipe(v.string("is required"), v.regex(/^[0-9a-f]{32}$/, "must be a payment id"));
