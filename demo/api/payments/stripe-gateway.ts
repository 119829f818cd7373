import Stripe from "stripe";
import { fromMinorUnits, toMinorUnits } from "./minor-units.ts";
import {
  type CheckoutRequest,
  type CheckoutStart,
  type GatewayVerdict,
  type PaymentGateway,
  RefundRefused,
} from "../ports/payment-gateway.ts";

/** The deployment's Stripe account (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET), and where its API answers. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_CONNECT_WEBHOOK_SECRET: the signing secret of the endpoint for connected accounts' events (Stripe Connect), when pages have their own. */
  connectWebhookSecret?: string | undefined;
  /** STRIPE_API_BASE: another address for Stripe's API (a stand-in such as stripe-mock, the tests'); api.stripe.com by default. */
  apiBase: URL | undefined;
}

/** The gateway's name in payments.gateway. */
export const STRIPE = "stripe";

/** Stripe Checkout as a gateway, with what its webhook route needs beside. */
export interface StripeGateway extends PaymentGateway {
  /** The event a webhook delivery carries, once its Stripe-Signature proved it: throws when it does not. */
  verifiedEvent(rawBody: string, signature: string | undefined): Stripe.Event;
  /** The verdict a Checkout Session tells. */
  verdictOf(session: Stripe.Checkout.Session): GatewayVerdict;
  /** The card provider (onlineTransactionProvider 2): the same account, its Checkout limited to cards (no Link). */
  cardsOnly: PaymentGateway;
}

/**
 * Stripe Checkout through the official SDK (https://docs.stripe.com/payments/checkout):
 * a hosted payment page reached by a redirect (spec §4's redirect variant). The API
 * sends the amount, currency and description it computed, one idempotency key per
 * attempt, its payment id as client_reference_id and metadata, and the session's end
 * (the booking's hold). Stripe's word is taken only from a webhook event whose
 * signature proves it (verifiedEvent) or from the session fetched on the visitor's
 * return (lookup); never from the return address. `settings.apiBase` points the SDK
 * elsewhere (its host, port and protocol options): the tests' stand-in.
 */
export function stripeGateway(settings: StripeSettings): StripeGateway {
  const base = settings.apiBase;
  const stripe = new Stripe(settings.secretKey, {
    // No request waits long on Stripe: a slow answer fails the attempt (one retry, with the
    // same idempotency key), and the widget offers Retry. No Stripe call is made inside a
    // database transaction.
    timeout: 8_000,
    maxNetworkRetries: 1,
    appInfo: { name: "booking-widget reference API" },
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });

  /** A call on a page's own connected account carries its Stripe-Account header (Stripe Connect's direct charges). */
  const on = (account: string | null) => (account ? { stripeAccount: account } : {});

  const verdictOf = (session: Stripe.Checkout.Session): GatewayVerdict => {
    const paymentId = session.metadata?.paymentId ?? session.client_reference_id ?? "";
    const reference = session.id;
    if (session.status === "complete" && session.payment_status === "paid" && session.amount_total !== null && session.currency) {
      const currency = session.currency.toUpperCase();
      return { outcome: "paid", reference, paymentId, amount: fromMinorUnits(session.amount_total, currency), currency };
    }
    if (session.status === "expired") return { outcome: "expired", reference, paymentId };
    // Open, or complete by a method whose money has not arrived yet (async_payment_succeeded tells).
    return { outcome: "open", reference, paymentId, settling: session.status === "complete" };
  };

  const start = async (request: CheckoutRequest, attemptKey: string, cardsOnly: boolean): Promise<CheckoutStart> => {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        // Methods that settle at once only (cards, and the wallets Checkout shows with
        // them): a payment is decided while its booking's time is held. A debit that
        // settles days later would outlive the hold (docs/operations.md, "Payments").
        allowed_payment_method_types: ["card"],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: toMinorUnits(request.amount, request.currency),
              product_data: { name: request.description.slice(0, 250) || "Booking" },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.paymentId,
        metadata: {
          paymentId: request.paymentId,
          ...(request.appointmentId !== null ? { appointmentId: String(request.appointmentId) } : {}),
          ...(request.providerId !== null ? { providerId: String(request.providerId) } : {}),
        },
        payment_intent_data: {
          metadata: { paymentId: request.paymentId },
          // On the page's own account, the platform keeps its share (Connect's direct charges).
          ...(request.account && request.platformFee > 0
            ? { application_fee_amount: toMinorUnits(request.platformFee, request.currency) }
            : {}),
        },
        ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
        // The card provider: a card's own form only (Link, Stripe's saved-details wallet, is not shown).
        ...(cardsOnly ? { wallet_options: { link: { display: "never" as const } } } : {}),
      },
      { idempotencyKey: attemptKey, ...on(request.account) },
    );
    if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
    return { reference: session.id, account: request.account, redirectUrl: session.url };
  };

  const gateway = {
    name: STRIPE,
    // Stripe: "expires_at … can be anywhere from 30 minutes to 24 hours after Checkout Session creation".
    minimumCheckoutMinutes: 30,
    takesClientAmounts: false,
    start: (request: CheckoutRequest, attemptKey: string) => start(request, attemptKey, false),
    async lookup({ reference, account }) {
      return { ...verdictOf(await stripe.checkout.sessions.retrieve(reference, {}, on(account))), account };
    },
    async cancel({ reference, account }) {
      const session = await stripe.checkout.sessions.retrieve(reference, {}, on(account));
      // Only an open session can be expired; a complete one tells how it was paid.
      return {
        ...verdictOf(session.status === "open" ? await stripe.checkout.sessions.expire(reference, {}, on(account)) : session),
        account,
      };
    },
    async refund({ reference, account }, refund, attemptKey) {
      try {
        const session = await stripe.checkout.sessions.retrieve(reference, {}, on(account));
        const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
        if (!intent) throw new RefundRefused(`Stripe session ${reference} has no payment to refund`);
        // A share is known by its id: one made before (its answer lost) is not made again.
        if (!refund.whole) {
          const made = await stripe.refunds.list({ payment_intent: intent, limit: 100 }, on(account));
          if (made.data.some((one) => one.metadata?.refundId === refund.id && one.status !== "failed" && one.status !== "canceled"))
            return "already-refunded";
        }
        await stripe.refunds.create(
          {
            payment_intent: intent,
            reason: "requested_by_customer",
            metadata: { paymentId: refund.paymentId, refundId: refund.id },
            ...(refund.whole ? {} : { amount: toMinorUnits(refund.amount, refund.currency) }),
          },
          { idempotencyKey: attemptKey, ...on(account) },
        );
        return "refunded";
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
        // https://docs.stripe.com/error-codes: the money went back before (an attempt whose answer was lost).
        if (error.code === "charge_already_refunded") return "already-refunded";
        // Any other 4xx but a rate limit or a lock is Stripe's lasting no (charge_disputed, resource_missing…).
        const status = error.statusCode ?? 0;
        if (status >= 400 && status < 500 && status !== 429 && status !== 409 && error.code !== "lock_timeout")
          throw new RefundRefused(`Stripe refused the refund: ${error.code ?? error.type}`);
        throw error;
      }
    },
    verifiedEvent(rawBody: string, signature: string | undefined) {
      // The account's endpoint, or the connected accounts' (a second endpoint, with a secret of its own).
      const secrets = [settings.webhookSecret, settings.connectWebhookSecret].filter((secret): secret is string => Boolean(secret));
      let refusal: unknown;
      for (const secret of secrets) {
        try {
          return stripe.webhooks.constructEvent(rawBody, signature ?? "", secret);
        } catch (error) {
          refusal = error;
        }
      }
      throw refusal;
    },
    verdictOf,
  } satisfies Omit<StripeGateway, "cardsOnly">;
  return { ...gateway, cardsOnly: { ...gateway, start: (request, attemptKey) => start(request, attemptKey, true) } };
}
