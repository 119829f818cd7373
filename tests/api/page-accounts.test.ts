import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { metricsRoutes } from "../../demo/api/routes/metrics-routes.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { testSeed } from "../fixtures/test-seed.ts";
import { heldFullColor, paymentRequest } from "../support/booking-helpers.ts";
import { type StripeTestApi, startStripeTestApi } from "../support/stripe-test-api.ts";
import { TEST_ORIGIN } from "../support/test-api.ts";
import { heldColoring, startVippsTestApi, type VippsTestApi, walletPayment } from "../support/vipps-test-api.ts";

// Issue 45: each provider's money into their own account. A page may name its own Stripe
// connected account (Stripe Connect: every call about its payments carries its
// Stripe-Account header, the platform keeps application_fee_amount) and its own Vipps
// MobilePay merchant serial number; a page with none pays into the deployment's. An event
// from another account never settles a payment. Runs on PGlite (api) and PostgreSQL (api-postgres).

const OWN = "acct_1PageOwnAccount";
const OTHER = "acct_1AnotherAccount";

/** The test seed with demo-salon's own connected account and the platform's 2.5 %, as a providers file names them. */
function seedWithOwnAccount() {
  const seed = structuredClone(testSeed);
  const salon = seed.companies.flatMap((company) => company.providers).find((page) => page.bookingLink === "demo-salon")!;
  Object.assign(salon, { stripeAccount: OWN, platformFeePercent: 2.5 });
  return seed;
}

describe("Stripe Connect: a page with its own connected account", () => {
  let setup: StripeTestApi;
  beforeAll(async () => {
    setup = await startStripeTestApi({ seed: seedWithOwnAccount() });
  });
  afterAll(() => setup?.close());
  beforeEach(() => setup.reset());

  async function checkout() {
    const { api, salon } = setup;
    const held = await heldFullColor(api);
    const response = await api.postJson(
      "/payu/initiate",
      paymentRequest(TEST_ORIGIN, { userId: salon.userId, appointmentId: held.id, paymentToken: held.paymentToken }),
    );
    expect(response.status).toBe(200);
    const { paymentId, redirectUrl } = (await response.json()) as { paymentId: string; redirectUrl: string };
    return { held, paymentId, sessionId: /cs_test_[0-9a-f]+/.exec(redirectUrl)![0] };
  }

  it("its checkout is made on its account with the platform's fee; its event confirms; its refund is made there too", async () => {
    const { api, stripe } = setup;
    const paid = await checkout();
    const create = stripe.calls.find((call) => call.path === "/v1/checkout/sessions" && call.method === "POST")!;
    expect(create.account).toBe(OWN);
    expect(create.params).toMatchObject({
      payment_intent_data: { application_fee_amount: "125", metadata: { paymentId: paid.paymentId } },
    });
    expect(stripe.accountOf(paid.sessionId)).toBe(OWN);
    const event = stripe.pay(paid.sessionId);
    expect(event.account).toBe(OWN);
    expect(await (await setup.deliver(event)).json()).toEqual({ received: true, handled: true });
    const [row] = await api.db.query<{ status: string; account: string }>(
      `SELECT status, gateway_account AS account FROM payments WHERE id = $1`,
      [paid.paymentId],
    );
    expect(row).toEqual({ status: "paid", account: OWN });
    // The provider cancels: the money goes back from the page's own account.
    await api.db.query("UPDATE payments SET status = 'refunded' WHERE id = $1", [paid.paymentId]);
    await api.db.query("INSERT INTO refunds (id, payment_id, amount, reason) VALUES ('r1', $1, 50, 'cancelled-by-provider')", [
      paid.paymentId,
    ]);
    expect(await api.refunds.refundDue()).toMatchObject({ refunded: 1 });
    const refundCalls = stripe.calls.filter(
      (call) => call.path.startsWith("/v1/refunds") || call.path.startsWith("/v1/checkout/sessions/"),
    );
    expect(refundCalls.map((call) => call.account)).toEqual(refundCalls.map(() => OWN));
    expect(stripe.refunds).toHaveLength(1);
  });

  it("the visitor's return asks Stripe on the page's account", async () => {
    const { api, stripe } = setup;
    const paid = await checkout();
    stripe.pay(paid.sessionId);
    const outcome = await (await api.request(`/payments/${paid.paymentId}`)).json();
    expect(outcome).toMatchObject({ status: "paid", appointmentStatus: "confirmed" });
    expect(stripe.calls.filter((call) => call.method === "GET").map((call) => call.account)).toEqual([OWN]);
  });

  it("an event from another account, or the platform's own, about this page's session settles nothing", async () => {
    const { api, stripe } = setup;
    const paid = await checkout();
    const event = stripe.pay(paid.sessionId);
    for (const forged of [
      { ...event, account: OTHER },
      { ...event, account: undefined },
    ]) {
      const answer = await setup.deliver(forged as typeof event);
      expect(await answer.json()).toEqual({ received: true, handled: false });
    }
    const [row] = await api.db.query<{ status: string }>("SELECT status FROM payments WHERE id = $1", [paid.paymentId]);
    expect(row!.status).toBe("pending");
    const scraped = await (await metricsRoutes(api.metrics, undefined).request("/metrics")).text();
    expect(scraped).toMatch(/booking_payments_total\{gateway="stripe",outcome="foreign"\} 2/);
  });

  it("a wallet page on a deployment with Stripe only takes the spec's no-payment-provider path", async () => {
    const { api } = setup;
    const frisor = await api.providerId("demo-frisor");
    const answer = await api.postJson(
      "/payu/initiate",
      paymentRequest(TEST_ORIGIN, { userId: frisor, provider: "vipps", currency: "NOK", amount: 500 }),
    );
    expect(answer.status).toBe(400);
    expect((await answer.json()).code).toBe("no-payment-provider");
  });

  it("a page without its own account pays into the deployment's, and the platform takes no fee", async () => {
    const { api, stripe, salon } = setup;
    await api.db.query("UPDATE providers SET stripe_account = NULL WHERE id = $1", [salon.userId]);
    await checkout();
    const create = stripe.calls.find((call) => call.path === "/v1/checkout/sessions" && call.method === "POST")!;
    expect(create.account).toBeUndefined();
    expect((create.params.payment_intent_data as Record<string, unknown>).application_fee_amount).toBeUndefined();
  });
});

describe("Vipps MobilePay: a page with its own merchant serial number", () => {
  let setup: VippsTestApi;
  beforeAll(async () => {
    setup = await startVippsTestApi();
  });
  afterAll(() => setup?.close());
  beforeEach(async () => {
    await setup.reset();
    await setup.api.db.query("UPDATE providers SET vipps_msn = '654321' WHERE id = $1", [setup.frisor.userId]);
  });

  it("its payment and its webhook are made under its number; its capture too; an event under the deployment's number settles nothing", async () => {
    const { api, vipps } = setup;
    const held = await heldColoring(setup);
    const response = await api.postJson("/payu/initiate", walletPayment(setup, held));
    expect(response.status).toBe(200);
    const { paymentId } = (await response.json()) as { paymentId: string };
    expect(vipps.calls.filter((call) => call.method === "POST" && call.path !== "/accesstoken/get").map((call) => call.msn)).toEqual([
      "654321",
      "654321",
    ]);
    expect(vipps.webhookOf("654321")).toBeDefined();
    expect(vipps.payment(paymentId, "654321").amount).toEqual({ currency: "NOK", value: 50_000 });

    // The deployment's own webhook (registered by an earlier page) signs an event about this payment: another account's word.
    await api.db.query("INSERT INTO wallet_webhooks (account, webhook_id, url, secret, registered_at) VALUES ($1, 'w1', $2, $3, now())", [
      vipps.msn,
      vipps.webhookOf("654321")!.url,
      serverKeys(DEMO_SECRET).seal("deployment-secret"),
    ]);
    setup.holdDeliveries();
    await vipps.approve(paymentId);
    setup.holdDeliveries(false);
    const body = JSON.stringify({ ...JSON.parse(setup.held[0]!.body), msn: vipps.msn });
    const foreign = await setup.deliver(vipps.signed({ url: vipps.webhookOf("654321")!.url, secret: "deployment-secret" }, body));
    expect(await foreign.json()).toEqual({ received: true, handled: false });
    expect(await (await setup.deliver(setup.held[0]!)).json()).toEqual({ received: true, handled: true });

    expect(await api.captures.captureDue()).toMatchObject({ captured: 1 });
    expect(vipps.payment(paymentId, "654321").aggregate.capturedAmount.value).toBe(50_000);
    expect(vipps.calls.filter((call) => call.path.endsWith("/capture")).map((call) => call.msn)).toEqual(["654321"]);
  });
});
