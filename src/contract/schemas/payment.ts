import type { OnlinePaymentMethod } from "../rules/payment-method.ts";
import * as v from "valibot";

export interface PaymentInitiateRequest {
  amount: number;
  currency: string;
  description: string;
  customerEmail: string;
  customerFirstName: string;
  customerLastName: string;
  customerPhone: string;
  successUrl: string;
  failureUrl: string;
  /** "vipps" selects the mobile-wallet flow, which answers a redirect URL; "card" the card provider's (our extension). */
  provider?: OnlinePaymentMethod;
  /** The booking page (our extension): the reference API checks its payment setting. */
  userId?: number;
  /** A booking held as awaiting_payment that this payment pays for (our extension). */
  appointmentId?: number;
  /** That booking's payment token, from its booking answer (our extension): the API's proof it is ours. */
  paymentToken?: string;
}

/**
 * GET payments/{paymentId} (our extension): what became of a payment, asked before a
 * receipt is shown. pending: not paid yet (settling: paid, its money on the way: the page
 * waits and asks again); paid: the booking is
 * confirmed; declined, expired: nothing was taken; refunded: money was taken that pays for
 * no booking (the time was taken meanwhile…) and goes back (`refund`: due, done or failed).
 */
export const PaymentOutcome = v.object({
  status: v.picklist(["pending", "paid", "declined", "expired", "refunded"]),
  refund: v.nullish(v.picklist(["due", "done", "failed"]), null),
  /** Pending only: completed at the gateway by a method whose money has not arrived yet (the return page waits for it). */
  settling: v.nullish(v.boolean(), false),
  appointmentId: v.nullish(v.number(), null),
  appointmentStatus: v.nullish(v.string(), null),
});
export type PaymentOutcome = v.InferOutput<typeof PaymentOutcome>;

/** Either a form to post (first provider) or a redirect URL (mobile wallet). */
export const PaymentInitiation = v.object({
  // A form posted to a javascript: address would run script on the provider's page.
  formAction: v.nullish(v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i, "must be an http(s) address")), null),
  formFields: v.nullish(v.record(v.string(), v.string()), {}),
  redirectUrl: v.nullish(v.pipe(v.string(), v.url()), null),
});
export type PaymentInitiation = v.InferOutput<typeof PaymentInitiation>;
