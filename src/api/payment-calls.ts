import type { Http } from "./http.ts";
import { keyedCalls } from "./keyed-call.ts";
import { routes } from "../contract/routes.ts";
import { PaymentInitiation, PaymentOutcome, type PaymentInitiateRequest } from "../contract/schemas/index.ts";

/** Online payment calls of spec §7, with our status extension. */
export function createPaymentCalls(http: Http) {
  const keyed = keyedCalls();
  return {
    /** POST payu/initiate (provider "vipps" for the mobile wallet, which answers redirectUrl); its key as a booking's (keyed-call.ts). */
    initiatePayment: (request: PaymentInitiateRequest) =>
      keyed(request, (key) =>
        http.request(PaymentInitiation, routes.paymentInitiate(), {
          method: "POST",
          body: request,
          headers: { "Idempotency-Key": key },
        }),
      ),
    /** GET payments/{paymentId} (our extension): whether a payment went through. */
    paymentOutcome: (paymentId: string) => http.request(PaymentOutcome, routes.paymentOutcome(paymentId)),
  };
}
