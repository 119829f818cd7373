import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cancelByProvider } from "../../demo/api/bookings/cancel-appointment.ts";
import { providerDateTime } from "../../demo/api/notices/send-receipt.ts";
import { outboxMessenger } from "../../demo/api/outbox/messenger.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { metricsRoutes } from "../../demo/api/routes/metrics-routes.ts";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { type HeldBooking, heldFullColor, loginToken, paymentRequest, takeTheTime } from "../support/booking-helpers.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { type StripeTestApi, startStripeTestApi } from "../support/stripe-test-api.ts";
import { TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

// Issue 41: every money path ends in exactly one of two states, whatever the timing: a
// confirmed booking with its payment, or a refunded payment with a message to the customer
// (in the page's language, through the outbox). Stripe through its SDK against the strict
// stand-in (tests/support/stripe-stand-in.ts); PGlite (api) and PostgreSQL (api-postgres),
// two API instances where a race is possible. Refunds are made by the refund worker
// (demo/api/refunds/refund-sender.ts), which a test runs as a pass: `api.refunds.refundDue()`.

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

const pay = (held: HeldBooking) =>
  paymentRequest(TEST_ORIGIN, {
    customerEmail: "taylor@example.com",
    userId: salon.userId,
    appointmentId: held.id,
    paymentToken: held.paymentToken,
  });

async function checkout(held: HeldBooking) {
  const response = await api.postJson("/payu/initiate", pay(held));
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { paymentId: string; redirectUrl: string };
  const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(answer.redirectUrl)![1]!;
  return { paymentId: answer.paymentId, sessionId, session: () => stripe.sessions.get(sessionId)! };
}

const deliver = (event: Stripe.Event, via?: Pick<TestApi, "request">) => setup.deliver(event, via);

const row = async (paymentId: string) =>
  (
    await api.db.query<{ status: string; refund: string | null; reason: string | null }>(
      `SELECT p.status, r.status AS refund, r.reason FROM payments p
         LEFT JOIN LATERAL (SELECT status, reason FROM refunds WHERE payment_id = p.id ORDER BY created_at DESC LIMIT 1) r ON true
        WHERE p.id = $1`,
      [paymentId],
    )
  )[0]!;
const booking = async (id: number) =>
  (
    await api.db.query<{ status: string; paymentId: string | null }>(
      `SELECT status, payment_id AS "paymentId" FROM appointments WHERE id = $1`,
      [id],
    )
  )[0]!;
const messages = async () => api.outbox(TAYLOR);
const receipts = async () => (await messages()).filter((m) => /booking confirmed/.test(m.subject)).length;
const refundMessages = async () => (await messages()).filter((m) => /payment refunded/.test(m.subject));
const refundsOf = (sessionId: string) =>
  stripe.refunds.filter((refund) => refund.payment_intent === stripe.sessions.get(sessionId)!.payment_intent);

/** The first of the two ends: the booking confirmed by this payment, one receipt, nothing given back. */
async function endsBooked(held: HeldBooking, paymentId: string) {
  await api.refunds.refundDue();
  expect(await booking(held.id)).toEqual({ status: "confirmed", paymentId });
  expect(await row(paymentId)).toMatchObject({ status: "paid", refund: null });
  expect(await receipts()).toBe(1);
  expect(stripe.refunds).toHaveLength(0);
  expect(await refundMessages()).toHaveLength(0);
}

/** The second: the payment refunded at Stripe once, the customer told once, and the booking not confirmed by it. */
async function endsRefunded(held: HeldBooking, paid: { paymentId: string; sessionId: string }, reason: string) {
  await api.refunds.refundDue();
  expect(await row(paid.paymentId)).toEqual({ status: "refunded", refund: "done", reason });
  expect(refundsOf(paid.sessionId)).toHaveLength(1);
  const told = await refundMessages();
  expect(told).toHaveLength(1);
  expect(told[0]!.body).toContain("$50 (USD) has been refunded to you");
  const after = await booking(held.id);
  expect(after.status === "confirmed" && after.paymentId === paid.paymentId).toBe(false);
}

/**
 * A booking's index among the day's free times that starts an hour after its hold could end
 * (the first free time is minutes away: a payment after its hold would come after its start).
 */
const LATER = 4;

/**
 * Taylor's booking paid at Stripe while its checkout was open, its word not heard yet; then
 * the hold ends and another booking takes the time: that money must go back. Answers the
 * booking, its payment and the event Stripe has yet to deliver.
 */
async function paidButTaken() {
  const held = await heldFullColor(api, LATER);
  const paid = await checkout(held);
  const event = stripe.pay(paid.sessionId);
  afterTheHold(paid.sessionId);
  await takeTheTime(api.db, held.id, api.clock.now());
  return { held, paid, event };
}

const afterTheHold = (sessionId: string) => api.clock.set(new Date((stripe.sessions.get(sessionId)!.expires_at + 1) * 1000));

describe("retries: each attempt gets its own valid expires_at and hold", () => {
  for (const minutes of [2, 10, 29]) {
    it(`Stripe fails twice, then a retry ${minutes} minutes later opens a session of 30 minutes at least, and paying it books`, async () => {
      const held = await heldFullColor(api);
      stripe.failNext(2); // the attempt and the SDK's one retry
      expect((await api.postJson("/payu/initiate", pay(held))).status).toBe(502);
      api.clock.advanceMinutes(minutes);
      const retry = await checkout(held);
      const now = api.clock.now().getTime();
      expect(retry.session().expires_at * 1000 - now).toBeGreaterThanOrEqual(30 * 60_000);
      const [hold] = await api.db.query<{ end: Date }>(`SELECT hold_expires_at AS "end" FROM appointments WHERE id = $1`, [held.id]);
      expect(new Date(hold!.end).getTime()).toBe(retry.session().expires_at * 1000);
      expect((await deliver(stripe.pay(retry.sessionId))).status).toBe(200);
      await endsBooked(held, retry.paymentId);
    });
  }

  it("a booking takes five attempts; the sixth is refused (its hold cannot be stretched for ever)", async () => {
    const held = await heldFullColor(api);
    for (let attempt = 0; attempt < 5; attempt++) await checkout(held);
    const sixth = await api.postJson("/payu/initiate", pay(held));
    expect(sixth.status).toBe(409);
    expect((await sixth.json()).code).toBe("payment-attempts-used-up");
  });

  it("two attempts both paid (two tabs): the first books, the second is refunded as not needed", async () => {
    const held = await heldFullColor(api);
    const first = await checkout(held);
    const second = await checkout(held);
    await deliver(stripe.pay(second.sessionId));
    await deliver(stripe.pay(first.sessionId));
    await api.refunds.refundDue();
    expect(await booking(held.id)).toEqual({ status: "confirmed", paymentId: second.paymentId });
    await endsRefunded(held, first, "superseded");
    expect(await receipts()).toBe(1);
  });
});

describe("events this API did not start, or not about this payment", () => {
  it("a Payment Link's or `stripe trigger`'s session: 200 and ignored, logged and counted; nothing changes", async () => {
    const held = await heldFullColor(api);
    const { sessionId } = await checkout(held);
    const session = stripe.sessions.get(sessionId)!;
    const strangers = [
      stripe.event("checkout.session.completed", session, { id: "cs_test_paymentlink", metadata: {}, client_reference_id: null }),
      stripe.event("checkout.session.completed", session, { id: "cs_test_trigger", metadata: { paymentId: "0".repeat(32) } }),
      stripe.event("checkout.session.expired", session, { id: "cs_test_othershop", metadata: {}, client_reference_id: null }),
    ];
    for (const event of strangers) {
      const answer = await deliver(event);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ received: true, handled: false });
    }
    expect(await booking(held.id)).toMatchObject({ status: "awaiting_payment" });
    const scraped = await (await metricsRoutes(api.metrics, undefined).request("/metrics")).text();
    expect(scraped).toMatch(/booking_payments_total\{gateway="stripe",outcome="foreign"\} 3/);
  });

  it("an event of my session whose metadata names another payment is ignored; their booking waits for its own payment", async () => {
    const mine = await heldFullColor(api, 0);
    const theirs = await heldFullColor(api, 1);
    const cheap = await checkout(mine);
    const target = await checkout(theirs);
    const forged = stripe.pay(cheap.sessionId);
    (forged.data.object as Stripe.Checkout.Session).metadata = { paymentId: target.paymentId };
    (forged.data.object as Stripe.Checkout.Session).client_reference_id = target.paymentId;
    expect(await (await deliver(forged)).json()).toEqual({ received: true, handled: false });
    expect(await booking(theirs.id)).toMatchObject({ status: "awaiting_payment" });
    // My own event still books mine.
    expect(await (await deliver(stripe.event("checkout.session.completed", cheap.session()))).json()).toEqual({
      received: true,
      handled: true,
    });
    await endsBooked(mine, cheap.paymentId);
  });

  it("a replayed event changes nothing the second time", async () => {
    const held = await heldFullColor(api);
    const paid = await checkout(held);
    const event = stripe.pay(paid.sessionId);
    expect(await (await deliver(event)).json()).toEqual({ received: true, handled: true });
    expect(await (await deliver(event)).json()).toEqual({ received: true, handled: false });
    await endsBooked(held, paid.paymentId);
  });
});

describe("money taken that does not match", () => {
  it("another amount or currency than the payment asked: refunded, the booking released", async () => {
    for (const overrides of [{ amount_total: 4900 }, { currency: "nok" }]) {
      await api.reset();
      stripe.refunds.length = 0;
      const held = await heldFullColor(api);
      const paid = await checkout(held);
      stripe.pay(paid.sessionId);
      const answer = await deliver(stripe.event("checkout.session.completed", paid.session(), overrides));
      expect(answer.status, JSON.stringify(overrides)).toBe(200);
      await api.refunds.refundDue();
      expect(await row(paid.paymentId)).toEqual({ status: "refunded", refund: "done", reason: "amount-differs" });
      expect(refundsOf(paid.sessionId)).toHaveLength(1);
      expect(await refundMessages()).toHaveLength(1);
      expect((await booking(held.id)).status).toBe("cancelled");
    }
  });

  it("a zero-decimal currency's price with cents (500.5 JPY) is charged as Stripe rounds it, and books", async () => {
    await api.db.query("UPDATE providers SET currency = 'JPY' WHERE id = $1", [salon.userId]);
    await api.db.query("UPDATE services SET pay_online_price = 500.5 WHERE provider_id = $1 AND title = 'Full color'", [salon.userId]);
    const held = await heldFullColor(api);
    const response = await api.postJson("/payu/initiate", { ...pay(held), currency: "JPY" });
    expect(response.status).toBe(200);
    const { paymentId, redirectUrl } = (await response.json()) as { paymentId: string; redirectUrl: string };
    const sessionId = /(cs_test_[0-9a-f]+)$/.exec(redirectUrl)![1]!;
    expect(stripe.sessions.get(sessionId)!.amount_total).toBe(501);
    await deliver(stripe.pay(sessionId));
    await endsBooked(held, paymentId);
  });
});

describe("what Stripe refuses, the stand-in refuses too", () => {
  it("an amount under the currency's minimum, or a currency Stripe does not take: 502, nothing charged, the booking still held", async () => {
    for (const [currency, deposit] of [
      ["USD", 0.3],
      ["XTS", 50],
    ] as const) {
      await api.reset();
      await api.db.query("UPDATE providers SET currency = $2 WHERE id = $1", [salon.userId, currency]);
      await api.db.query("UPDATE services SET pay_online_price = $2 WHERE provider_id = $1 AND title = 'Full color'", [
        salon.userId,
        deposit,
      ]);
      const held = await heldFullColor(api);
      const sessionsBefore = stripe.sessions.size;
      const refused = await api.postJson("/payu/initiate", { ...pay(held), currency });
      expect(refused.status, currency).toBe(502);
      expect((await refused.json()).code).toBe("payment-gateway-failed");
      expect(stripe.sessions.size).toBe(sessionsBefore);
      expect((await booking(held.id)).status).toBe("awaiting_payment");
    }
  });
});

describe("late webhooks: grace for a payment completed in time", () => {
  it("paid before the session expired, its event a second after the hold: the time is still free, so it books", async () => {
    const held = await heldFullColor(api, LATER);
    const paid = await checkout(held);
    const event = stripe.pay(paid.sessionId);
    afterTheHold(paid.sessionId);
    expect((await deliver(event)).status).toBe(200);
    await endsBooked(held, paid.paymentId);
  });

  it("the same, when the time was taken meanwhile: refunded, and the customer told", async () => {
    const { held, paid, event } = await paidButTaken();
    expect((await deliver(event)).status).toBe(200);
    await endsRefunded(held, paid, "time-taken");
    expect(await receipts()).toBe(0);
  });

  it("the visitor back first, after the hold: the session fetched from Stripe books the free time", async () => {
    const held = await heldFullColor(api, LATER);
    const paid = await checkout(held);
    stripe.pay(paid.sessionId);
    afterTheHold(paid.sessionId);
    const outcome = await (await api.request(`/payments/${paid.paymentId}`)).json();
    expect(outcome).toMatchObject({ status: "paid", appointmentStatus: "confirmed", refund: null });
    await endsBooked(held, paid.paymentId);
  });

  it("the visitor back after the time was taken: the return page learns it is refunded", async () => {
    const { held, paid } = await paidButTaken();
    const outcome = await (await api.request(`/payments/${paid.paymentId}`)).json();
    expect(outcome).toMatchObject({ status: "refunded", refund: "due" });
    await endsRefunded(held, paid, "time-taken");
  });

  it("no word at all (the events lost, the visitor gone): the server's minute loop closes the session at Stripe after its 30 minutes", async () => {
    const held = await heldFullColor(api, LATER);
    const paid = await checkout(held);
    api.clock.advanceMinutes(31);
    expect(await api.endLapsed()).toEqual({ ended: 0, failed: 0 });
    api.clock.advanceMinutes(2);
    expect(await api.endLapsed()).toEqual({ ended: 1, failed: 0 });
    expect(paid.session().status).toBe("expired");
    expect(await row(paid.paymentId)).toMatchObject({ status: "expired", refund: null });
    expect((await booking(held.id)).status).toBe("cancelled");
  });

  it("paid, its word lost: the loop finds the session paid and books the time still free", async () => {
    const held = await heldFullColor(api, LATER);
    const paid = await checkout(held);
    stripe.pay(paid.sessionId);
    api.clock.advanceMinutes(33);
    expect(await api.endLapsed()).toEqual({ ended: 1, failed: 0 });
    await endsBooked(held, paid.paymentId);
  });

  it("no completion after expiry: Stripe's page refuses it, and the expired event gives the time back with nothing taken", async () => {
    const held = await heldFullColor(api, LATER);
    const paid = await checkout(held);
    afterTheHold(paid.sessionId);
    expect(() => stripe.pay(paid.sessionId)).toThrow(/cannot be paid/);
    expect((await deliver(stripe.expire(paid.sessionId))).status).toBe(200);
    expect(await row(paid.paymentId)).toMatchObject({ status: "expired", refund: null });
    expect((await booking(held.id)).status).toBe("cancelled");
    expect(stripe.refunds).toHaveLength(0);
  });
});

describe("payment methods that settle later", () => {
  it("Checkout offers cards only: a method that settles days later cannot be chosen", async () => {
    const held = await heldFullColor(api, LATER);
    const paid = await checkout(held);
    expect(paid.session().payment_method_types).toEqual(["card"]);
    expect(() => stripe.payLater(paid.sessionId)).toThrow(/nothing settles later/);
  });

  it("should one come anyway (a session started before this setting): pending while open, booked on success after the hold when free", async () => {
    const held = await heldFullColor(api, LATER);
    const paid = await checkout(held);
    // Completed by a debit: complete, its money not arrived yet.
    Object.assign(paid.session(), { status: "complete", payment_status: "unpaid", payment_intent: "pi_test_debit" });
    expect(await (await deliver(stripe.event("checkout.session.completed", paid.session()))).json()).toEqual({
      received: true,
      handled: false,
    });
    // The return page learns it is pending (never "declined"), and the time stays held meanwhile.
    expect(await (await api.request(`/payments/${paid.paymentId}`)).json()).toMatchObject({ status: "pending", settling: true });
    expect((await booking(held.id)).status).toBe("awaiting_payment");
    afterTheHold(paid.sessionId);
    paid.session().payment_status = "paid";
    expect((await deliver(stripe.event("checkout.session.async_payment_succeeded", paid.session()))).status).toBe(200);
    await endsBooked(held, paid.paymentId);
  });

  it("async success after the hold when the time was taken: refunded; async failure: released, nothing taken", async () => {
    const { held, paid } = await paidButTaken();
    await deliver(stripe.event("checkout.session.async_payment_succeeded", paid.session()));
    await endsRefunded(held, paid, "time-taken");

    await api.reset();
    const other = await heldFullColor(api, LATER);
    const failed = await checkout(other);
    await deliver(
      stripe.event("checkout.session.async_payment_failed", failed.session(), { status: "complete", payment_status: "unpaid" }),
    );
    expect(await row(failed.paymentId)).toMatchObject({ status: "declined", refund: null });
    expect((await booking(other.id)).status).toBe("cancelled");
  });
});

// Issue 57 point 7: a debit completes Checkout unpaid and fails days later. The visitor left
// believing the booking paid: the booking is released and they are told, once, on the
// channels its receipt went (the booking's phone and e-mail), in the page's language, with
// the page's address to book again. A decline or an expiry the visitor saw is not told.
describe("a payment that fails after its visitor left", () => {
  const EMAIL = "taylor@example.com";
  const FAILED = /payment failed|betalingen feilet|pago fallido/;
  const failedMessages = async (to: string) => (await api.outbox(to)).filter((m) => FAILED.test(m.subject));
  /** Taylor's booking, its checkout completed by a debit whose money has not come: pending, the time held. */
  async function completedUnpaid() {
    const held = await heldFullColor(api, LATER);
    const paid = await checkout(held);
    Object.assign(paid.session(), { status: "complete", payment_status: "unpaid", payment_intent: "pi_test_debit" });
    expect(await (await deliver(stripe.event("checkout.session.completed", paid.session()))).json()).toEqual({
      received: true,
      handled: false,
    });
    expect(await failedMessages(TAYLOR)).toHaveLength(0);
    return { held, paid, failure: stripe.event("checkout.session.async_payment_failed", paid.session()) };
  }
  const startsAt = async (id: number) =>
    (await api.db.query<{ startsAt: Date }>(`SELECT starts_at AS "startsAt" FROM appointments WHERE id = $1`, [id]))[0]!.startsAt;

  it("async_payment_failed days later releases the booking and tells the customer once by SMS and once by e-mail, also when delivered twice", async () => {
    const { held, paid, failure } = await completedUnpaid();
    const { date, time } = providerDateTime(new Date(await startsAt(held.id)), salon);
    api.clock.advanceMinutes(3 * 24 * 60);
    expect(await (await deliver(failure)).json()).toEqual({ received: true, handled: true });
    expect(await row(paid.paymentId)).toMatchObject({ status: "declined", refund: null });
    expect((await booking(held.id)).status).toBe("cancelled");
    // Stripe delivers it again (a retry), and a second event about the same failure: said once.
    expect(await (await deliver(failure)).json()).toEqual({ received: true, handled: false });
    expect(await (await deliver(stripe.event("checkout.session.async_payment_failed", paid.session()))).json()).toEqual({
      received: true,
      handled: false,
    });
    const [sms, ...moreSms] = await failedMessages(TAYLOR);
    const [email, ...moreEmail] = await failedMessages(EMAIL);
    expect([moreSms, moreEmail]).toEqual([[], []]);
    expect(sms).toMatchObject({ channel: "sms", subject: "Demo Salon: payment failed, booking cancelled" });
    expect(email).toMatchObject({ channel: "email", body: sms!.body });
    expect(sms!.body).toBe(
      [
        `The payment for your booking at Demo Salon did not go through, so the time is no longer yours: Full color on ${date} at ${time}.`,
        "Nothing was charged.",
        `Book again here: ${TEST_ORIGIN}/demo-salon`,
      ].join("\n"),
    );
    expect(stripe.refunds).toHaveLength(0);
  });

  it("20 deliveries of the failure at once, on two instances: released once, one message per channel", async () => {
    const { held, failure } = await completedUnpaid();
    const second = await api.secondInstance();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(failure, i % 2 === 0 ? api : second)));
      const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ handled: boolean }>));
      expect(bodies.filter((body) => body.handled)).toHaveLength(1);
    } finally {
      await second.close();
    }
    expect((await booking(held.id)).status).toBe("cancelled");
    expect(await failedMessages(TAYLOR)).toHaveLength(1);
    expect(await failedMessages(EMAIL)).toHaveLength(1);
  });

  it("is written in the page's language: Spanish and Norwegian", async () => {
    await api.db.query("UPDATE providers SET language = 'es' WHERE id = $1", [salon.userId]);
    const spanish = await completedUnpaid();
    await deliver(spanish.failure);
    const [es] = await failedMessages(TAYLOR);
    expect(es!.subject).toBe("Demo Salon: pago fallido, cita cancelada");
    expect(es!.body).toMatch(/^El pago de tu reserva en Demo Salon no se completó, así que la hora ya no es tuya: Full color el /);
    expect(es!.body).toContain(`Vuelve a reservar aquí: ${TEST_ORIGIN}/demo-salon`);

    await api.reset();
    await api.db.query("UPDATE providers SET language = 'no' WHERE id = $1", [salon.userId]);
    const norwegian = await completedUnpaid();
    await deliver(norwegian.failure);
    const [no] = await failedMessages(TAYLOR);
    expect(no!.subject).toBe("Demo Salon: betalingen feilet, timen er avbestilt");
    expect(no!.body).toMatch(/^Betalingen for bestillingen hos Demo Salon gikk ikke gjennom, så timen er ikke lenger din: Full color /);
    expect(no!.body).toContain(`Bestill på nytt her: ${TEST_ORIGIN}/demo-salon`);
  });

  it("a decline or an expiry the visitor saw sends no such message: the expired event, Back on Stripe's page, the minute loop", async () => {
    const expired = await checkout(await heldFullColor(api, LATER));
    await deliver(stripe.expire(expired.sessionId));
    expect(await row(expired.paymentId)).toMatchObject({ status: "expired" });
    const back = await checkout(await heldFullColor(api, LATER + 1));
    expect((await api.request(`/payments/${back.paymentId}/cancel`)).status).toBe(303);
    const abandoned = await checkout(await heldFullColor(api, LATER + 2));
    api.clock.advanceMinutes(33);
    expect(await api.endLapsed()).toMatchObject({ ended: 1 });
    for (const { paymentId } of [back, abandoned]) expect(await row(paymentId)).toMatchObject({ status: "expired" });
    expect(await failedMessages(TAYLOR)).toHaveLength(0);
    expect(await failedMessages(EMAIL)).toHaveLength(0);
  });
});

describe("refunds are durable", () => {
  it("a refund Stripe fails once is tried again after the backoff, and made once", async () => {
    const { held, paid, event } = await paidButTaken();
    expect((await deliver(event)).status).toBe(200); // the answer does not wait for the refund
    stripe.failNext(2); // the session's retrieval and the SDK's one retry
    expect(await api.refunds.refundDue()).toEqual({ refunded: 0, retried: 1, failed: 0 });
    expect(await row(paid.paymentId)).toMatchObject({ refund: "due" });
    expect(await api.refunds.refundDue()).toEqual({ refunded: 0, retried: 0, failed: 0 }); // not due again yet
    api.wallClock.set(new Date(api.wallClock.now().getTime() + 5_000));
    expect(await api.refunds.refundDue()).toEqual({ refunded: 1, retried: 0, failed: 0 });
    await endsRefunded(held, paid, "time-taken");
  });

  it("a refund Stripe refuses for good (a disputed charge) is failed, logged and counted; no message claims it", async () => {
    const { paid, event } = await paidButTaken();
    await deliver(event);
    stripe.dispute(paid.sessionId);
    expect(await api.refunds.refundDue()).toEqual({ refunded: 0, retried: 0, failed: 1 });
    expect(await row(paid.paymentId)).toEqual({ status: "refunded", refund: "failed", reason: "time-taken" });
    expect(await refundMessages()).toHaveLength(0);
    const scraped = await (await metricsRoutes(api.metrics, undefined).request("/metrics")).text();
    expect(scraped).toMatch(/booking_payments_total\{gateway="stripe",outcome="refund-failed"\} 1/);
    expect(scraped).toMatch(/booking_payments_total\{gateway="stripe",outcome="refund-due"\} 1/);
    expect(scraped).not.toMatch(/outcome="refunded"/);
    // The database's count, the same from every process and after a restart.
    expect(scraped).toMatch(/booking_refunds\{status="failed"\} 1/);
    expect(scraped).toMatch(/booking_refunds\{status="due"\} 0/);
  });

  it("a charge refunded before (an answer lost on the way) counts as refunded, and the customer is told", async () => {
    const { held, paid, event } = await paidButTaken();
    await deliver(event);
    const earlier = await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: `payment_intent=${paid.session().payment_intent}`,
    });
    expect(earlier.status).toBe(200);
    expect(await api.refunds.refundDue()).toEqual({ refunded: 1, retried: 0, failed: 0 });
    await endsRefunded(held, paid, "time-taken");
  });
});

describe("parallel deliveries across two processes", () => {
  it("20 deliveries of one late event, half on each instance, then both refund workers at once: one refund, one message", async () => {
    const { held, paid, event } = await paidButTaken();
    const second = await api.secondInstance();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(event, i % 2 === 0 ? api : second)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const [one, two] = await Promise.all([api.refunds.refundDue(), second.refunds.refundDue()]);
      expect(one.refunded + two.refunded).toBe(1);
    } finally {
      await second.close();
    }
    await endsRefunded(held, paid, "time-taken");
  });

  it("20 deliveries of one event in time, on two instances: booked once, one receipt", async () => {
    const held = await heldFullColor(api);
    const paid = await checkout(held);
    const event = stripe.pay(paid.sessionId);
    const second = await api.secondInstance();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(event, i % 2 === 0 ? api : second)));
      const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ handled: boolean }>));
      expect(bodies.filter((body) => body.handled)).toHaveLength(1);
    } finally {
      await second.close();
    }
    await endsBooked(held, paid.paymentId);
  });
});

describe("cancelling a paid booking on My Page", () => {
  const cancel = async (id: number) => {
    const token = await loginToken(api, salon, TAYLOR, "salon-demo-1");
    return api.request(
      `/Appointment/cancelByCustomer?appointmentId=${id}&customerToken=${token}&phoneNumber=${TAYLOR}&userId=${salon.userId}`,
      {
        method: "POST",
      },
    );
  };

  it("in time: the booking is cancelled, what was paid goes back in full, and the message and answer say how much", async () => {
    const held = await heldFullColor(api, 0, 3);
    const paid = await checkout(held);
    await deliver(stripe.pay(paid.sessionId));
    const answer = await cancel(held.id);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ id: held.id, status: "cancelled", refund: { amount: 50, currency: "USD" } });
    const cancelled = (await messages()).find((m) => /appointment cancelled/.test(m.subject))!;
    expect(cancelled.body).toContain("The $50 you paid online will be refunded in full.");
    await api.refunds.refundDue();
    expect(await row(paid.paymentId)).toEqual({ status: "refunded", refund: "done", reason: "cancelled-by-customer" });
    expect(refundsOf(paid.sessionId)).toHaveLength(1);
    expect((await refundMessages())[0]!.body).toMatch(
      /^You cancelled your appointment on \d\d\.\d\d\.\d{4} at .+ in time\.\n\$50 \(USD\) has been refunded/,
    );
    // A second cancel (another tap) refunds nothing more.
    expect((await cancel(held.id)).status).toBe(404);
    await api.refunds.refundDue();
    expect(refundsOf(paid.sessionId)).toHaveLength(1);
  });

  it("too late (inside hoursToCancel): refused as the spec says, and the payment is kept", async () => {
    const held = await heldFullColor(api, 0, 3);
    const paid = await checkout(held);
    await deliver(stripe.pay(paid.sessionId));
    const [start] = await api.db.query<{ startsAt: Date }>(`SELECT starts_at AS "startsAt" FROM appointments WHERE id = $1`, [held.id]);
    api.clock.set(new Date(new Date(start!.startsAt).getTime() - 23 * 3_600_000));
    const answer = await cancel(held.id);
    expect(answer.status).toBe(400);
    expect((await answer.json()).code).toBe("too-late-to-change");
    await api.refunds.refundDue();
    expect(await row(paid.paymentId)).toMatchObject({ status: "paid", refund: null });
    expect(stripe.refunds).toHaveLength(0);
  });

  it("by the provider (npm run appointments:cancel), even inside hoursToCancel: refunded in full, and the customer told", async () => {
    const held = await heldFullColor(api, 0, 3);
    const paid = await checkout(held);
    await deliver(stripe.pay(paid.sessionId));
    const [start] = await api.db.query<{ startsAt: Date }>(`SELECT starts_at AS "startsAt" FROM appointments WHERE id = $1`, [held.id]);
    api.clock.set(new Date(new Date(start!.startsAt).getTime() - 2 * 3_600_000));
    const messenger = outboxMessenger(serverKeys(DEMO_SECRET));
    expect(await cancelByProvider({ db: api.db, messenger }, held.id, api.clock.now())).toEqual({
      id: held.id,
      status: "cancelled",
      refund: { amount: 50, currency: "USD" },
    });
    await expect(cancelByProvider({ db: api.db, messenger }, held.id, api.clock.now())).rejects.toThrow(/No such appointment/);
    await api.refunds.refundDue();
    expect(await row(paid.paymentId)).toEqual({ status: "refunded", refund: "done", reason: "cancelled-by-provider" });
    expect(refundsOf(paid.sessionId)).toHaveLength(1);
    expect((await refundMessages())[0]!.body).toMatch(/^Demo Salon cancelled your appointment on .+\.\n\$50 \(USD\) has been refunded/);
  });
});
