import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { metricsRoutes } from "../../demo/api/routes/metrics-routes.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { type HeldBooking, loginToken, takeTheTime } from "../support/booking-helpers.ts";
import { heldColoring, KARI, startVippsTestApi, type VippsTestApi, walletPayment } from "../support/vipps-test-api.ts";
import type { TestApi } from "../support/test-api.ts";

// Issue 45: the spec's mobile wallet (onlineTransactionProvider 3) through Vipps MobilePay's
// official SDK and ePayment API, against the stand-in (tests/support/vipps-stand-in.ts). The
// payments matrix of the issue "Every payment ends right", for the wallet: what confirms a
// payment, what is refused, what gives the time back, late words, money that does not
// match, captures and refunds that fail and are tried again, and parallel deliveries across
// two processes. Runs on PGlite (api) and on PostgreSQL (api-postgres).

let setup: VippsTestApi;
let api: TestApi;
let vipps: VippsTestApi["vipps"];

beforeAll(async () => {
  setup = await startVippsTestApi();
  ({ api, vipps } = setup);
});
afterAll(() => setup?.close());
beforeEach(() => setup.reset());

/** payu/initiate with the wallet for a held booking: the payment id and the reference at Vipps MobilePay (the same). */
async function startWallet(held: HeldBooking) {
  const response = await api.postJson("/payu/initiate", walletPayment(setup, held));
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { paymentId: string; redirectUrl: string; formAction: null };
  expect(answer.redirectUrl).toMatch(new RegExp(`^${vipps.url}/landing\\?token=`));
  return answer;
}

const held = (index = 0, daysAhead = 0) => heldColoring(setup, index, daysAhead);
const booking = async (id: number) =>
  (
    await api.db.query<{ status: string; paymentId: string | null }>(
      `SELECT status, payment_id AS "paymentId" FROM appointments WHERE id = $1`,
      [id],
    )
  )[0]!;
const row = async (paymentId: string) =>
  (
    await api.db.query<{ status: string; capture: string | null; refund: string | null; reason: string | null }>(
      `SELECT status, capture, (SELECT r.status FROM refunds r WHERE r.payment_id = p.id LIMIT 1) AS refund,
              (SELECT r.reason FROM refunds r WHERE r.payment_id = p.id LIMIT 1) AS reason
         FROM payments p WHERE id = $1`,
      [paymentId],
    )
  )[0]!;
const messages = () => api.outbox(KARI.phone);
const receipts = async () => (await messages()).filter((m) => /timen er bekreftet/.test(m.subject)).length;
const refundMessages = async () => (await messages()).filter((m) => /betalingen er refundert/.test(m.subject));
const calls = (path: RegExp) => vipps.calls.filter((call) => call.method === "POST" && path.test(call.path));
const scraped = async () => (await (await metricsRoutes(api.metrics, undefined).request("/metrics")).text()) as string;

/** The booking's hold has run out: the clock a second past it. */
async function afterTheHold(bookingId: number) {
  const [hold] = await api.db.query<{ until: Date }>(`SELECT hold_expires_at AS until FROM appointments WHERE id = $1`, [bookingId]);
  api.clock.set(new Date(new Date(hold!.until).getTime() + 1000));
}

/** The Vipps MobilePay payment was approved; its webhook delivery is kept for the test to deliver. */
async function approvedUnheard(paymentId: string, amount?: number) {
  setup.holdDeliveries();
  await vipps.approve(paymentId, amount);
  setup.holdDeliveries(false);
  const delivery = setup.held.find((one) => JSON.parse(one.body).reference === paymentId && JSON.parse(one.body).name === "AUTHORIZED");
  expect(delivery).toBeDefined();
  return delivery!;
}

/** The first of the two ends: the booking confirmed by this payment, one receipt, the money captured once, nothing given back. */
async function endsBooked(booked: HeldBooking, paymentId: string) {
  await api.captures.captureDue();
  await api.refunds.refundDue();
  expect(await booking(booked.id)).toEqual({ status: "confirmed", paymentId });
  expect(await row(paymentId)).toMatchObject({ status: "paid", capture: "done", refund: null });
  expect(await receipts()).toBe(1);
  expect(vipps.payment(paymentId).aggregate).toMatchObject({ capturedAmount: { value: 50_000 }, refundedAmount: { value: 0 } });
  expect(await refundMessages()).toHaveLength(0);
}

/** The second: the reservation given back at Vipps MobilePay (nothing captured), the customer told once, the booking not confirmed by it. */
async function endsGivenBack(booked: HeldBooking, paymentId: string, reason: string) {
  await api.captures.captureDue();
  await api.refunds.refundDue();
  expect(await row(paymentId)).toEqual({ status: "refunded", capture: null, refund: "done", reason });
  expect(vipps.payment(paymentId)).toMatchObject({
    state: "TERMINATED",
    aggregate: { capturedAmount: { value: 0 }, cancelledAmount: { value: vipps.stored(paymentId).authorized } },
  });
  const told = await refundMessages();
  expect(told).toHaveLength(1);
  expect(told[0]!.body).toContain("(NOK) er betalt tilbake til deg");
  const after = await booking(booked.id);
  expect(after.status === "confirmed" && after.paymentId === paymentId).toBe(false);
}
const outcome = async (paymentId: string) =>
  (await (await api.request(`/payments/${paymentId}`)).json()) as { status: string; appointmentStatus: string };

describe("starting a wallet payment for a held booking", () => {
  it("sends the server's amount in øre, NOK, the page's description and the payment id as reference, and registers the account's webhook once", async () => {
    const first = await startWallet(await held());
    const created = vipps.calls.filter((call) => call.path === "/epayment/v1/payments");
    expect(created).toHaveLength(1);
    expect(created[0]!.msn).toBe(vipps.msn);
    expect(created[0]!.body).toMatchObject({
      reference: first.paymentId,
      amount: { currency: "NOK", value: 50_000 },
      paymentMethod: { type: "WALLET" },
      userFlow: "WEB_REDIRECT",
      returnUrl: `https://booking.test/payment/success?company=demo-frisor&paymentId=${first.paymentId}`,
      paymentDescription: "Demo Frisør: Farging",
      metadata: { paymentId: first.paymentId },
    });
    expect(vipps.webhookOf(vipps.msn)).toMatchObject({ url: "https://booking.test/api/payments/vipps/webhook" });
    // Its secret is kept sealed: a copy of the database alone cannot sign a delivery.
    const [kept] = await api.db.query<{ secret: string }>("SELECT secret FROM wallet_webhooks WHERE account = $1", [vipps.msn]);
    expect(kept!.secret).not.toContain(vipps.webhookOf(vipps.msn)!.secret);
    expect(serverKeys(DEMO_SECRET).open(kept!.secret)).toBe(vipps.webhookOf(vipps.msn)!.secret);
    await startWallet(await held(1));
    expect(vipps.calls.filter((call) => call.path === "/webhooks/v1/webhooks")).toHaveLength(1);
    expect(await row(first.paymentId)).toMatchObject({ status: "pending", capture: null });
  });
});

describe("what confirms a wallet payment", () => {
  it("a signed AUTHORIZED event confirms the booking once, with one receipt in Norwegian; the money is captured after", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    await vipps.approve(paid.paymentId);
    expect(await booking(booked.id)).toEqual({ status: "confirmed", paymentId: paid.paymentId });
    expect(await row(paid.paymentId)).toMatchObject({ status: "paid", capture: "due" });
    expect(await receipts()).toBe(1);
    expect(vipps.payment(paid.paymentId).aggregate.capturedAmount.value).toBe(0);
    expect(await api.captures.captureDue()).toMatchObject({ captured: 1 });
    expect(vipps.payment(paid.paymentId).aggregate.capturedAmount.value).toBe(50_000);
    expect(await row(paid.paymentId)).toMatchObject({ status: "paid", capture: "done" });
    expect(await api.captures.captureDue()).toMatchObject({ captured: 0 });
  });
});

describe("starting: what Vipps MobilePay refuses, the API answers", () => {
  it("a Vipps MobilePay that fails answers payment-gateway-failed (502), reserves nothing, and the retry is a new payment", async () => {
    const booked = await held();
    vipps.fail(1, 500, /^\/epayment\/v1\/payments$/);
    const failed = await api.postJson("/payu/initiate", walletPayment(setup, booked));
    expect(failed.status).toBe(502);
    expect((await failed.json()).code).toBe("payment-gateway-failed");
    const retry = await startWallet(booked);
    expect(await booking(booked.id)).toMatchObject({ status: "awaiting_payment", paymentId: retry.paymentId });
    expect(calls(/^\/epayment\/v1\/payments$/).map((call) => (call.body as { reference: string }).reference)).toEqual([
      expect.any(String),
      retry.paymentId,
    ]);
  });

  it("a create whose answer was lost fails the attempt; that payment, never shown, expires, and its event changes nothing", async () => {
    const booked = await held();
    vipps.loseAnswers(1, /^\/epayment\/v1\/payments$/);
    expect((await api.postJson("/payu/initiate", walletPayment(setup, booked))).status).toBe(502);
    const lostReference = (calls(/^\/epayment\/v1\/payments$/)[0]!.body as { reference: string }).reference;
    expect(vipps.payment(lostReference).state).toBe("CREATED");
    const retry = await startWallet(booked);
    api.clock.advanceMinutes(10);
    expect(vipps.payment(lostReference).state).toBe("EXPIRED");
    await vipps.idle();
    expect(setup.held).toHaveLength(0);
    expect(await row(lostReference)).toMatchObject({ status: "declined" });
    expect(await booking(booked.id)).toMatchObject({ status: "awaiting_payment", paymentId: retry.paymentId });
  });

  it("a currency the ePayment API does not take (SEK): 502 before any payment is created, the booking still held", async () => {
    const booked = await held();
    await api.db.query("UPDATE providers SET currency = 'SEK' WHERE id = $1", [setup.frisor.userId]);
    const answer = await api.postJson("/payu/initiate", { ...walletPayment(setup, booked), currency: "SEK" });
    expect(answer.status).toBe(502);
    expect(calls(/^\/epayment\/v1\/payments$/)).toHaveLength(0);
    expect((await booking(booked.id)).status).toBe("awaiting_payment");
  });
});

describe("the visitor's return", () => {
  it("before the webhook: the payment is fetched from Vipps MobilePay and confirms; the late event changes nothing", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    expect(await outcome(paid.paymentId)).toMatchObject({ status: "pending" });
    const delivery = await approvedUnheard(paid.paymentId);
    expect(await outcome(paid.paymentId)).toMatchObject({ status: "paid", appointmentStatus: "confirmed" });
    const late = await setup.deliver(delivery);
    expect(await late.json()).toEqual({ received: true, handled: false });
    await endsBooked(booked, paid.paymentId);
  });

  it("Cancel on the landing page (or in the app): the time is given back, and the return page learns it was declined", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    const token = new URL(paid.redirectUrl).searchParams.get("token")!;
    const back = await fetch(`${vipps.url}/landing`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, choice: "cancel" }),
      redirect: "manual",
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`https://booking.test/payment/success?company=demo-frisor&paymentId=${paid.paymentId}`);
    expect(await row(paid.paymentId)).toMatchObject({ status: "declined" });
    expect((await booking(booked.id)).status).toBe("cancelled");
    expect(await outcome(paid.paymentId)).toMatchObject({ status: "declined" });
  });

  it("nobody approves within Vipps MobilePay's ten minutes: expired, the time given back, nothing reserved", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    api.clock.advanceMinutes(10);
    expect(await outcome(paid.paymentId)).toMatchObject({ status: "expired" });
    expect((await booking(booked.id)).status).toBe("cancelled");
    expect(vipps.payment(paid.paymentId).aggregate.authorizedAmount.value).toBe(0);
  });
});

describe("each of these is refused and confirms nothing", () => {
  it("a wrong signature, none, another secret's, a changed body, an account with no webhook here", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    const delivery = await approvedUnheard(paid.paymentId);
    const webhook = vipps.webhookOf(vipps.msn)!;
    const body = JSON.parse(delivery.body);
    const forged = [
      {
        ...delivery,
        headers: { ...delivery.headers, authorization: delivery.headers.authorization!.replace(/Signature=./, "Signature=A") },
      },
      { ...delivery, headers: { "content-type": "application/json" } },
      vipps.signed({ url: webhook.url, secret: "not-the-webhook-secret" }, delivery.body),
      { ...delivery, body: JSON.stringify({ ...body, pspReference: "1" }) },
      vipps.signed(webhook, JSON.stringify({ ...body, msn: "654321" })),
      { ...delivery, body: "not json" },
    ];
    for (const attempt of forged) {
      const answer = await setup.deliver(attempt);
      expect(answer.status).toBe(400);
      expect((await answer.json()).code).toBe("webhook-signature-invalid");
    }
    expect(await row(paid.paymentId)).toMatchObject({ status: "pending" });
    expect(await receipts()).toBe(0);
  });

  it("a replayed delivery changes nothing the second time", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    const delivery = await approvedUnheard(paid.paymentId);
    expect(await (await setup.deliver(delivery)).json()).toEqual({ received: true, handled: true });
    expect(await (await setup.deliver(delivery)).json()).toEqual({ received: true, handled: false });
    await endsBooked(booked, paid.paymentId);
  });

  it("an event about no payment of ours, or from another account than the payment's: 200 and ignored, counted", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    const webhook = vipps.webhookOf(vipps.msn)!;
    const event = (reference: string, msn: string) =>
      JSON.stringify({
        msn,
        reference,
        pspReference: "123",
        name: "AUTHORIZED",
        amount: { currency: "NOK", value: 50_000 },
        timestamp: "x",
        success: true,
      });
    const notOurs = await setup.deliver(vipps.signed(webhook, event("someone-elses-order-1", vipps.msn)));
    expect(await notOurs.json()).toEqual({ received: true, handled: false });
    // Another merchant serial number whose webhook this deployment registered (another page's own account).
    await api.db.query(
      "INSERT INTO wallet_webhooks (account, webhook_id, url, secret, registered_at) VALUES ('654321', 'w2', $1, $2, now())",
      [webhook.url, serverKeys(DEMO_SECRET).seal("s3cret")],
    );
    await approvedUnheard(paid.paymentId);
    const otherAccount = await setup.deliver(vipps.signed({ url: webhook.url, secret: "s3cret" }, event(paid.paymentId, "654321")));
    expect(await otherAccount.json()).toEqual({ received: true, handled: false });
    expect(await row(paid.paymentId)).toMatchObject({ status: "pending" });
    expect(await scraped()).toMatch(/booking_payments_total\{gateway="vipps",outcome="foreign"\} 2/);
  });
});

describe("late words: grace for a payment approved in time", () => {
  it("approved in time, its event after the hold: the time is still free, so it books", async () => {
    const booked = await held(4);
    const paid = await startWallet(booked);
    const delivery = await approvedUnheard(paid.paymentId);
    await afterTheHold(booked.id);
    expect(await (await setup.deliver(delivery)).json()).toEqual({ received: true, handled: true });
    await endsBooked(booked, paid.paymentId);
  });

  it("the same when the time was taken meanwhile: the reservation is cancelled (nothing captured), and the customer told", async () => {
    const booked = await held(4);
    const paid = await startWallet(booked);
    const delivery = await approvedUnheard(paid.paymentId);
    await afterTheHold(booked.id);
    await takeTheTime(api.db, booked.id, api.clock.now());
    await setup.deliver(delivery);
    await endsGivenBack(booked, paid.paymentId, "time-taken");
  });
});

describe("a payment whose word never comes", () => {
  it("nobody approves and the EXPIRED event is lost: the server's minute loop ends it once its hold is over, nothing reserved", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    setup.holdDeliveries();
    // Past the wallet's ten minutes and the margin, but the booking still holds its time for it.
    api.clock.advanceMinutes(13);
    expect(await api.endLapsed()).toEqual({ ended: 0, failed: 0 });
    await afterTheHold(booked.id);
    expect(await api.endLapsed()).toEqual({ ended: 1, failed: 0 });
    expect(await row(paid.paymentId)).toMatchObject({ status: "expired" });
    expect((await booking(booked.id)).status).toBe("cancelled");
    expect(await api.endLapsed()).toEqual({ ended: 0, failed: 0 });
  });

  it("approved, its word lost, the time taken after the hold: the loop finds it reserved and gives it back", async () => {
    const booked = await held(4);
    const paid = await startWallet(booked);
    await approvedUnheard(paid.paymentId);
    setup.holdDeliveries();
    api.clock.advanceMinutes(13);
    await takeTheTime(api.db, booked.id, api.clock.now());
    vipps.fail(1, 503, /^\/epayment\/v1\/payments\/[^/]+$/);
    expect(await api.endLapsed()).toEqual({ ended: 0, failed: 1 });
    expect(await api.endLapsed()).toEqual({ ended: 1, failed: 0 });
    setup.holdDeliveries(false);
    await endsGivenBack(booked, paid.paymentId, "time-taken");
  });
});

describe("money reserved that does not match", () => {
  it("another amount than the payment asked: given back, the booking released", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    await vipps.approve(paid.paymentId, 100);
    expect((await booking(booked.id)).status).toBe("cancelled");
    await endsGivenBack(booked, paid.paymentId, "amount-differs");
  });
});

describe("captures are durable", () => {
  it("a capture Vipps MobilePay fails once is tried again after the backoff, and made once", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    await vipps.approve(paid.paymentId);
    vipps.fail(1, 500, /\/capture$/);
    expect(await api.captures.captureDue()).toMatchObject({ retried: 1 });
    expect(await api.captures.captureDue()).toMatchObject({ captured: 0, retried: 0 });
    api.wallClock.set(new Date(api.wallClock.now().getTime() + 5_000));
    expect(await api.captures.captureDue()).toMatchObject({ captured: 1 });
    await endsBooked(booked, paid.paymentId);
  });

  it("a capture whose answer was lost is not made twice: the retry finds it captured", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    await vipps.approve(paid.paymentId);
    vipps.loseAnswers(1, /\/capture$/);
    expect(await api.captures.captureDue()).toMatchObject({ retried: 1 });
    api.wallClock.set(new Date(api.wallClock.now().getTime() + 5_000));
    expect(await api.captures.captureDue()).toMatchObject({ captured: 1 });
    expect(calls(/\/capture$/)).toHaveLength(1);
    await endsBooked(booked, paid.paymentId);
  });
});

describe("cancelling a paid booking on Min side", () => {
  const cancel = async (id: number) => {
    const token = await loginToken(api, setup.frisor, KARI.phone, KARI.password);
    return api.request(
      `/Appointment/cancelByCustomer?appointmentId=${id}&customerToken=${token}&phoneNumber=${KARI.phone}&userId=${setup.frisor.userId}`,
      { method: "POST" },
    );
  };

  it("after the capture: what was paid goes back in full, once, and the customer is told", async () => {
    const booked = await held(0, 3);
    const paid = await startWallet(booked);
    await vipps.approve(paid.paymentId);
    await api.captures.captureDue();
    const answer = await cancel(booked.id);
    expect(await answer.json()).toEqual({ id: booked.id, status: "cancelled", refund: { amount: 500, currency: "NOK" } });
    await api.refunds.refundDue();
    expect(await row(paid.paymentId)).toMatchObject({ status: "refunded", refund: "done", reason: "cancelled-by-customer" });
    expect(vipps.payment(paid.paymentId).aggregate).toMatchObject({ capturedAmount: { value: 50_000 }, refundedAmount: { value: 50_000 } });
    expect(await refundMessages()).toHaveLength(1);
  });

  it("before the capture: the reservation is cancelled, and nothing is ever captured", async () => {
    const booked = await held(0, 3);
    const paid = await startWallet(booked);
    await vipps.approve(paid.paymentId);
    expect((await cancel(booked.id)).status).toBe(200);
    await api.refunds.refundDue();
    expect(await api.captures.captureDue()).toMatchObject({ captured: 0 });
    expect(await row(paid.paymentId)).toMatchObject({ status: "refunded", capture: "void", refund: "done" });
    expect(vipps.payment(paid.paymentId)).toMatchObject({
      state: "TERMINATED",
      aggregate: { capturedAmount: { value: 0 }, cancelledAmount: { value: 50_000 } },
    });
    expect(await refundMessages()).toHaveLength(1);
  });

  it("a refund refused once, then accepted; and one whose answer was lost: each given back once", async () => {
    const booked = await held(0, 3);
    const paid = await startWallet(booked);
    await vipps.approve(paid.paymentId);
    await api.captures.captureDue();
    await cancel(booked.id);
    vipps.fail(1, 503, /\/refund$/);
    expect(await api.refunds.refundDue()).toMatchObject({ retried: 1 });
    api.wallClock.set(new Date(api.wallClock.now().getTime() + 5_000));
    vipps.loseAnswers(1, /\/refund$/);
    expect(await api.refunds.refundDue()).toMatchObject({ retried: 1 });
    api.wallClock.set(new Date(api.wallClock.now().getTime() + 30_000));
    expect(await api.refunds.refundDue()).toMatchObject({ refunded: 1 });
    expect(vipps.payment(paid.paymentId).aggregate.refundedAmount.value).toBe(50_000);
    expect(calls(/\/refund$/)).toHaveLength(2);
    expect(await refundMessages()).toHaveLength(1);
  });

  it("a refund Vipps MobilePay refuses for good is failed, logged and counted; no message claims it", async () => {
    const booked = await held(0, 3);
    const paid = await startWallet(booked);
    await vipps.approve(paid.paymentId);
    await api.captures.captureDue();
    vipps.refuseRefunds(paid.paymentId);
    await cancel(booked.id);
    expect(await api.refunds.refundDue()).toMatchObject({ failed: 1 });
    expect(await row(paid.paymentId)).toMatchObject({ refund: "failed" });
    expect(await refundMessages()).toHaveLength(0);
    expect(await scraped()).toMatch(/booking_payments_total\{gateway="vipps",outcome="refund-failed"\} 1/);
  });
});

describe("parallel deliveries across two processes", () => {
  it("20 deliveries of one event, half on each instance, then both capture workers at once: booked once, one receipt, captured once", async () => {
    const booked = await held();
    const paid = await startWallet(booked);
    const delivery = await approvedUnheard(paid.paymentId);
    const second = await api.secondInstance();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => setup.deliver(delivery, i % 2 === 0 ? api : second)));
      const bodies = await Promise.all(answers.map((answer) => answer.json() as Promise<{ handled: boolean }>));
      expect(bodies.filter((body) => body.handled)).toHaveLength(1);
      const [one, two] = await Promise.all([api.captures.captureDue(), second.captures.captureDue()]);
      expect(one.captured + two.captured).toBe(1);
    } finally {
      await second.close();
    }
    expect(calls(/\/capture$/)).toHaveLength(1);
    await endsBooked(booked, paid.paymentId);
  });

  it("20 deliveries of one late event when the time was taken, on two instances, then both refund workers: given back once, one message", async () => {
    const booked = await held(4);
    const paid = await startWallet(booked);
    const delivery = await approvedUnheard(paid.paymentId);
    await afterTheHold(booked.id);
    await takeTheTime(api.db, booked.id, api.clock.now());
    const second = await api.secondInstance();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => setup.deliver(delivery, i % 2 === 0 ? api : second)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const [one, two] = await Promise.all([api.refunds.refundDue(), second.refunds.refundDue()]);
      expect(one.refunded + two.refunded).toBe(1);
    } finally {
      await second.close();
    }
    expect(calls(/\/cancel$/)).toHaveLength(1);
    await endsGivenBack(booked, paid.paymentId, "time-taken");
  });
});
