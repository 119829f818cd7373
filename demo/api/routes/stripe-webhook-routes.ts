import { Hono } from "hono";
import type Stripe from "stripe";
import type { ApiDeps } from "../api-deps.ts";
import { refuse } from "../http-errors.ts";
import type { GatewayVerdict } from "../ports/payment-gateway.ts";
import { settlePayment } from "../payments/settle-payment.ts";
import type { StripeGateway } from "../payments/stripe-gateway.ts";
import { siteUrlOf } from "../site-url.ts";

export const STRIPE_WEBHOOK_PATH = "/payments/stripe/webhook";

/**
 * The largest event body taken (app.ts, operations/body-limits.ts). A Checkout Session's
 * event is 5 to 10 KB, its metadata at Stripe's cap (50 keys of 500 characters) adds about
 * 27 KB: several times the largest, since a notification refused is a payment left waiting.
 */
export const STRIPE_EVENT_MAX_BYTES = 256 * 1024;

/**
 * POST /api/payments/stripe/webhook: Stripe's events about Checkout Sessions (set this
 * address as the webhook endpoint, with the events below; STRIPE_WEBHOOK_SECRET is its
 * signing secret). Only an event whose Stripe-Signature verifies (and is no older than
 * the SDK's five-minute tolerance) is read; each event id is handled once. Answers:
 * 200 handled, or ignored: another type, an unpaid completion, a repeat, and an event
 * about no payment of ours (a Payment Link or another shop on the same Stripe account,
 * `stripe trigger`), which is logged and counted (booking_payments_total{outcome="foreign"})
 * rather than refused: Stripe would deliver a refused event again for three days. 400
 * webhook-signature-invalid; 500 when the database failed: Stripe then delivers it
 * again. A refund the event decides is made after the answer (refunds/refund-sender.ts);
 * async_payment_failed releases the booking and queues the customer's message in the
 * same transaction (notices/send-payment-failed.ts).
 */
export function stripeWebhookRoutes(deps: ApiDeps, stripe: StripeGateway) {
  return new Hono().post(STRIPE_WEBHOOK_PATH, async (c) => {
    const rawBody = await c.req.text();
    let event: Stripe.Event;
    try {
      event = stripe.verifiedEvent(rawBody, c.req.header("stripe-signature"));
    } catch {
      deps.logger.warn("stripe webhook refused", { reason: "signature" });
      refuse("webhook-signature-invalid");
    }
    const found = verdictOfEvent(stripe, event);
    if (!found) return c.json({ received: true, handled: false });
    // A connected account's event names its account; the platform's own names none.
    const verdict = { ...found, account: event.account ?? null };
    const settled = await settlePayment(
      deps,
      verdict,
      { gateway: stripe.name, event: { id: event.id, type: event.type } },
      siteUrlOf(c, deps.publicUrl),
    );
    return c.json({ received: true, handled: settled.changed });
  });
}

/** The verdict an event tells, or null for one this API does not act on. */
function verdictOfEvent(stripe: StripeGateway, event: Stripe.Event): GatewayVerdict | null {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.expired":
      return stripe.verdictOf(event.data.object);
    // Sent only for a session completed unpaid (a debit), days later: its visitor is long gone.
    case "checkout.session.async_payment_failed": {
      const session = event.data.object;
      return {
        outcome: "declined",
        reference: session.id,
        paymentId: session.metadata?.paymentId ?? session.client_reference_id ?? "",
        settlingFailed: true,
      };
    }
    default:
      return null;
  }
}
