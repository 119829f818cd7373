import type Stripe from "stripe";
import { stripeGateway } from "../../demo/api/payments/stripe-gateway.ts";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { bookingPage } from "./booking-helpers.ts";
import { startStripeStandIn } from "./stripe-stand-in.ts";
import { startTestApi, type TestApi } from "./test-api.ts";
import { TEST_NOW } from "./test-clock.ts";

/**
 * The reference API in-process with Stripe Checkout as its first payment provider, the
 * official SDK pointed at the stand-in, whose clock (expires_at's bounds, `created`) is the
 * API's; and a booking page that pays through it (demo-salon of the test seed, unless a
 * seed and page are given). `reset()` puts the API back as seeded and forgets the
 * stand-in's calls and refunds (its sessions stay: each test makes its own).
 */
export async function startStripeTestApi(options: { seed?: unknown; page?: string } = {}) {
  let clock: TestApi["clock"] | undefined;
  const stripe = await startStripeStandIn({ now: () => clock?.now() ?? TEST_NOW });
  const api = await startTestApi({
    seed: options.seed,
    payments: {
      stripe: stripeGateway({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        connectWebhookSecret: stripe.connectWebhookSecret,
        apiBase: new URL(stripe.url),
      }),
    },
  });
  clock = api.clock;
  const { provider: salon } = await bookingPage(api, options.page ?? "demo-salon");
  return {
    api,
    stripe,
    salon: salon as Provider,
    /** Delivers a Stripe event to the API's webhook, signed as Stripe signs it (to `via`: another instance). */
    deliver(event: Stripe.Event, via: Pick<TestApi, "request"> = api) {
      // A connected account's event comes to the Connect endpoint, signed with its secret.
      const { payload, signature } = stripe.signed(event, event.account ? stripe.connectWebhookSecret : stripe.webhookSecret);
      return via.request("/payments/stripe/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      });
    },
    async reset() {
      await api.reset();
      stripe.calls.length = 0;
      stripe.refunds.length = 0;
    },
    async close() {
      await api.close();
      await stripe.close();
    },
  };
}

export type StripeTestApi = Awaited<ReturnType<typeof startStripeTestApi>>;
