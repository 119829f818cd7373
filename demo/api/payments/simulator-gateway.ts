import type { OnlinePaymentMethod } from "booking-widget/contract";
import type { PaymentGateway } from "../ports/payment-gateway.ts";

/** The simulator's name in payments.gateway. */
export const SIMULATOR = "simulator";

/**
 * The demo's payment simulator as a gateway (npm start and the tests only; production
 * never has it): its page at /api/payments/simulator has Pay and Decline buttons, and no
 * money moves. The first provider gets a form to post, the card provider and the mobile
 * wallet a redirect.
 * Its verdicts come from its own buttons (simulator-routes.ts).
 */
export function simulatorGateway(method: OnlinePaymentMethod): PaymentGateway {
  return {
    name: SIMULATOR,
    minimumCheckoutMinutes: 0,
    takesClientAmounts: true,
    async start(request) {
      const page = `${request.apiUrl}/payments/simulator`;
      return method !== "payu"
        ? { reference: request.paymentId, redirectUrl: `${page}?paymentId=${request.paymentId}` }
        : {
            reference: request.paymentId,
            formAction: page,
            formFields: {
              paymentId: request.paymentId,
              amount: request.amount.toFixed(2),
              currency: request.currency,
              description: request.description,
            },
          };
    },
  };
}
