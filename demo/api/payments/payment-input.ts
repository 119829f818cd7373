import * as v from "valibot";
import { IdInput } from "../http-errors.ts";

const Text = (max: number) => v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `must be at most ${max} characters`)), "");
const ReturnUrl = v.pipe(
  v.string("is required"),
  v.maxLength(2000),
  v.url("must be an absolute URL"),
  v.check((url) => /^https?:\/\//i.test(url), "must be an http(s) URL"),
);

/** payu/initiate (spec §7), plus optional userId and appointmentId (documented extensions). */
export const PaymentInitiate = v.object({
  amount: v.pipe(v.number("must be a number"), v.gtValue(0, "must be above 0"), v.maxValue(2147483647, "is too large")),
  currency: v.pipe(v.string("is required"), v.regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code"), v.toUpperCase()),
  description: Text(500),
  customerEmail: Text(254),
  customerFirstName: Text(200),
  customerLastName: Text(200),
  customerPhone: Text(20),
  successUrl: ReturnUrl,
  failureUrl: ReturnUrl,
  /** "vipps" selects the mobile-wallet flow (a redirect URL); default the form post. */
  provider: v.optional(v.picklist(["payu", "card", "vipps"], "must be payu, card or vipps"), "payu"),
  /** The booking page; when given, its onlineTransactionProvider must allow this method. */
  userId: v.optional(IdInput),
  /** An appointment held as awaiting_payment that this payment pays for (needs userId and paymentToken). */
  appointmentId: v.optional(IdInput),
  /** The held booking's payment token (from its booking answer): proof that the caller made it. */
  paymentToken: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type PaymentInitiate = v.InferOutput<typeof PaymentInitiate>;
