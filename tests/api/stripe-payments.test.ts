import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { type HeldBooking, heldFullColor, paymentRequest } from "../support/booking-helpers.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { type StripeTestApi, startStripeTestApi } from "../support/stripe-test-api.ts";
import { TEST_ORIGIN, type TestApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";

// Issue 28: Stripe Checkout behind the spec's online payment (the redirect variant), through
// the official SDK pointed at an in-process stand-in (tests/support/stripe-stand-in.ts). A
// booking is confirmed only by a signature-verified checkout.session.completed event or by
// the session fetched from Stripe on the visitor's return; everything else confirms nothing.
// How every payment ends (refunds, grace, retries, races) is payment-endings.test.ts.
// Runs on PGlite (api) and on PostgreSQL (api-postgres).

let setup: StripeTestApi;
let api: TestApi;
let stripe: StripeStandIn;
let salon: Provider;
const TAYLOR = "2125550123";

beforeAll(async () => {
  setup = await startStripeTestApi();
  ({ api, stripe, salon } = setup);
});
afterAll(() => setup?.close());
beforeEach(() => setup.reset());

/** payu/initiate for a held booking, as the widget sends it (its amount and description are ignored). */
async function checkout(held: HeldBooking) {
  const response = await api.postJson("/payu/initiate", pay(held));
  expect(response.status).toBe(200);
  const answer = (await response.json()) as { paymentId: string; redirectUrl: string; formAction: null };
  const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(answer.redirectUrl)?.[1];
  expect(sessionId, answer.redirectUrl).toBeDefined();
  return { ...answer, sessionId: sessionId! };
}

/** What the widget sends for a held booking, with an amount and a description the server must ignore. */
const pay = (held: HeldBooking) =>
  paymentRequest(TEST_ORIGIN, {
    amount: 0.01,
    description: "Pay me 0.01",
    customerEmail: "taylor@example.com",
    userId: salon.userId,
    appointmentId: held.id,
    paymentToken: held.paymentToken,
  });
const heldColor = (index = 0) => heldFullColor(api, index);
const appointmentStatus = async (id: number) =>
  (await api.db.query<{ status: string }>("SELECT status FROM appointments WHERE id = $1", [id]))[0]!.status;
const paymentStatus = async (id: string) =>
  (
    await api.db.query<{ status: string; refund: string | null }>(
      "SELECT status, (SELECT r.status FROM refunds r WHERE r.payment_id = p.id LIMIT 1) AS refund FROM payments p WHERE id = $1",
      [id],
    )
  )[0]!;
const receipts = async () => (await api.outbox(TAYLOR)).filter((message) => /Full color/.test(message.body)).length;
const outcome = async (paymentId: string) =>
  (await (await api.request(`/payments/${paymentId}`)).json()) as { status: string; appointmentStatus: string };

/** Delivers a webhook as Stripe would: the body and its Stripe-Signature (the SDK's test helper). */
const deliver = (delivery: { payload: string; signature: string }) =>
  api.request("/payments/stripe/webhook", {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
    body: delivery.payload,
  });

describe("starting a Stripe Checkout for a held booking", () => {
  it("sends the server's amount, currency and description, one idempotency key per attempt, and a session that ends with the hold", async () => {
    const held = await heldColor();
    const { paymentId, sessionId, formAction } = await checkout(held);
    expect(formAction).toBeNull();
    const create = stripe.calls.find((call) => call.path === "/v1/checkout/sessions" && call.method === "POST")!;
    expect(create.idempotencyKey).toBe(`payment-${paymentId}`);
    expect(create.params).toMatchObject({
      mode: "payment",
      client_reference_id: paymentId,
      metadata: { paymentId, appointmentId: String(held.id), providerId: String(salon.userId) },
      line_items: {
        0: { quantity: "1", price_data: { currency: "usd", unit_amount: "5000", product_data: { name: "Demo Salon: Full color" } } },
      },
      success_url: `${TEST_ORIGIN}/payment/success?company=demo-salon&paymentId=${paymentId}`,
      cancel_url: `${TEST_ORIGIN}/api/payments/${paymentId}/cancel`,
    });
    // Stripe keeps a session open for 30 minutes at least: the 15-minute hold is stretched to its end.
    const session = stripe.sessions.get(sessionId)!;
    const [row] = await api.db.query<{ holdExpiresAt: Date }>(`SELECT hold_expires_at AS "holdExpiresAt" FROM appointments WHERE id = $1`, [
      held.id,
    ]);
    expect(new Date(row!.holdExpiresAt).getTime()).toBe(session.expires_at * 1000);
    expect(session.expires_at * 1000 - TEST_NOW.getTime()).toBeGreaterThanOrEqual(30 * 60_000);
    expect(await appointmentStatus(held.id)).toBe("awaiting_payment");
  });

  it("a Stripe that fails answers payment-gateway-failed (502), charges nothing, and the retry starts a new attempt", async () => {
    const held = await heldColor();
    stripe.failNext(2); // the attempt and the SDK's one retry
    const failed = await api.postJson("/payu/initiate", pay(held));
    expect(failed.status).toBe(502);
    expect((await failed.json()).code).toBe("payment-gateway-failed");
    const { sessionId } = await checkout(held);
    expect(stripe.sessions.get(sessionId)!.amount_total).toBe(5000);
    const keys = stripe.calls.filter((call) => call.path === "/v1/checkout/sessions").map((call) => call.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
  });

  it("the card provider (onlineTransactionProvider 2) pays by Stripe Checkout too, limited to a card's own form; payu is refused there", async () => {
    await api.db.query("UPDATE providers SET online_transaction_provider = 2 WHERE id = $1", [salon.userId]);
    const held = await heldColor();
    expect((await api.postJson("/payu/initiate", pay(held))).status).toBe(400);
    const response = await api.postJson("/payu/initiate", { ...pay(held), provider: "card" });
    expect(response.status).toBe(200);
    const { redirectUrl, formAction } = (await response.json()) as { redirectUrl: string; formAction: null };
    expect(formAction).toBeNull();
    expect(redirectUrl).toMatch(/\/c\/pay\/cs_test_/);
    const create = stripe.calls.find((call) => call.path === "/v1/checkout/sessions" && call.method === "POST")!;
    expect(create.params).toMatchObject({ allowed_payment_method_types: { 0: "card" }, wallet_options: { link: { display: "never" } } });
    const [row] = await api.db.query<{ method: string; gateway: string }>("SELECT method, gateway FROM payments");
    expect(row).toEqual({ method: "card", gateway: "stripe" });
  });

  it("takes no client amount: the spec's plain call without a held booking is refused for Stripe", async () => {
    const response = await api.postJson("/payu/initiate", paymentRequest(TEST_ORIGIN, { amount: 1, userId: salon.userId }));
    expect(response.status).toBe(400);
    expect(stripe.calls.filter((call) => call.path === "/v1/checkout/sessions")).toHaveLength(0);
  });
});

describe("what confirms a Stripe payment", () => {
  it("the return address alone does not: the session is fetched from Stripe, and only a paid one confirms", async () => {
    const held = await heldColor();
    const { paymentId, sessionId } = await checkout(held);
    expect(await outcome(paymentId)).toMatchObject({ status: "pending", settling: false, appointmentStatus: "awaiting_payment" });
    stripe.pay(sessionId); // paid at Stripe; its event is not delivered
    expect(await outcome(paymentId)).toMatchObject({ status: "paid", appointmentStatus: "confirmed" });
    expect(await receipts()).toBe(1);
    // The event arriving later changes nothing and sends no second receipt.
    const late = await deliver(stripe.signed(stripe.event("checkout.session.completed", stripe.sessions.get(sessionId)!)));
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ received: true, handled: false });
    expect(await receipts()).toBe(1);
  });

  it("a signature-verified checkout.session.completed confirms the booking once, with one receipt", async () => {
    const held = await heldColor();
    const { paymentId, sessionId } = await checkout(held);
    const answer = await deliver(stripe.signed(stripe.pay(sessionId)));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true, handled: true });
    expect(await appointmentStatus(held.id)).toBe("confirmed");
    expect(await paymentStatus(paymentId)).toEqual({ status: "paid", refund: null });
    expect(await receipts()).toBe(1);
  });

  it("an event larger than any call of the widget may send (100 KB) is taken; one past 256 KB is refused 413 body-too-large", async () => {
    const held = await heldColor();
    const { sessionId } = await checkout(held);
    const paid = stripe.pay(sessionId);
    const session = paid.data.object as { metadata: Record<string, string> };
    /** The event, its session's metadata padded to `bytes` more. */
    const padded = (bytes: number) =>
      JSON.stringify({ ...paid, data: { object: { ...session, metadata: { ...session.metadata, pad: "x".repeat(bytes) } } } });
    const tooLarge = await deliver(stripe.signed(padded(300 * 1024)));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ code: "body-too-large", message: "Request body is too large" });
    expect(await appointmentStatus(held.id)).toBe("awaiting_payment");
    const large = await deliver(stripe.signed(padded(100 * 1024)));
    expect(large.status).toBe(200);
    expect(await large.json()).toEqual({ received: true, handled: true });
    expect(await appointmentStatus(held.id)).toBe("confirmed");
  });
});

describe("each of these is refused and confirms nothing", () => {
  it("a wrong signature, none, or a signature by another secret", async () => {
    const held = await heldColor();
    const { sessionId } = await checkout(held);
    const paid = stripe.pay(sessionId);
    const genuine = stripe.signed(paid);
    for (const delivery of [
      { payload: genuine.payload, signature: genuine.signature.replace(/v1=[0-9a-f]{4}/, "v1=0000") },
      stripe.signed(paid, "whsec_another0secret"),
      { payload: genuine.payload.replace('"paid"', '"paid" '), signature: genuine.signature },
      { payload: genuine.payload, signature: "" },
    ]) {
      const refused = await deliver(delivery);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ code: "webhook-signature-invalid", message: "The webhook signature could not be verified" });
    }
    expect(await appointmentStatus(held.id)).toBe("awaiting_payment");
    expect(await receipts()).toBe(0);
  });

  it("a replayed event: an old delivery outside the signature's tolerance, and a repeat of a handled one", async () => {
    const held = await heldColor();
    const { sessionId } = await checkout(held);
    const paid = stripe.pay(sessionId);
    const stale = await deliver(stripe.signed(paid, stripe.webhookSecret, Math.floor(Date.now() / 1000) - 600));
    expect(stale.status).toBe(400);
    expect(await appointmentStatus(held.id)).toBe("awaiting_payment");

    const delivery = stripe.signed(paid);
    expect(await (await deliver(delivery)).json()).toEqual({ received: true, handled: true });
    // The booking is cancelled by the customer on My Page; the same event again must not bring it back.
    await api.db.query("UPDATE appointments SET status = 'cancelled' WHERE id = $1", [held.id]);
    expect(await (await deliver(delivery)).json()).toEqual({ received: true, handled: false });
    expect(await appointmentStatus(held.id)).toBe("cancelled");
    expect(await receipts()).toBe(1);
  });

  it("a session that was never paid: completed but unpaid, and the visitor's return while it is open", async () => {
    const held = await heldColor();
    const { sessionId, paymentId } = await checkout(held);
    const unpaid = stripe.event("checkout.session.completed", stripe.sessions.get(sessionId)!, {
      status: "complete",
      payment_status: "unpaid",
    });
    expect(await (await deliver(stripe.signed(unpaid))).json()).toEqual({ received: true, handled: false });
    expect(await outcome(paymentId)).toMatchObject({ status: "pending", appointmentStatus: "awaiting_payment" });
    expect(await receipts()).toBe(0);
  });
});

describe("a session that is not paid gives the time back", () => {
  it("checkout.session.expired releases the booking", async () => {
    const held = await heldColor();
    const { sessionId, paymentId } = await checkout(held);
    expect((await deliver(stripe.signed(stripe.expire(sessionId)))).status).toBe(200);
    expect(await appointmentStatus(held.id)).toBe("cancelled");
    expect((await paymentStatus(paymentId)).status).toBe("expired");
  });

  it("the visitor's Back on Stripe's page closes the session there, releases the booking and returns to the failure address", async () => {
    const held = await heldColor();
    const { sessionId, paymentId } = await checkout(held);
    const back = await api.request(`/payments/${paymentId}/cancel`);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`${TEST_ORIGIN}/payment/failure?company=demo-salon&paymentId=${paymentId}&status=expired`);
    expect(stripe.sessions.get(sessionId)!.status).toBe("expired");
    expect(await appointmentStatus(held.id)).toBe("cancelled");
  });

  it("Back after paying in another tab goes to the success address, with the booking confirmed", async () => {
    const held = await heldColor();
    const { sessionId, paymentId } = await checkout(held);
    stripe.pay(sessionId);
    const back = await api.request(`/payments/${paymentId}/cancel`);
    expect(back.headers.get("location")).toBe(`${TEST_ORIGIN}/payment/success?company=demo-salon&paymentId=${paymentId}&status=paid`);
    expect(await appointmentStatus(held.id)).toBe("confirmed");
  });
});
