import type Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cancelByProvider } from "../../demo/api/bookings/cancel-appointment.ts";
import { outboxMessenger } from "../../demo/api/outbox/messenger.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { OnlineProvider } from "../../src/contract/enumerations.ts";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { addDays, fromZoned, todayIn, weekdayOf } from "../../src/contract/zoned-time.ts";
import { bookingPage, bookingRequest, dateParts, loginToken, paymentRequest } from "../support/booking-helpers.ts";
import { aCategory, aCompany, aCustomer, aFixture, aProvider, aService, aStaffMember, inNewYork, openOn } from "../support/builders.ts";
import type { StripeStandIn } from "../support/stripe-stand-in.ts";
import { type StripeTestApi, startStripeTestApi } from "../support/stripe-test-api.ts";
import { TEST_ORIGIN, type TestApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";

// Issue 42: a series of a service paid online is paid at once, by one payment for every
// occurrence, and ends as every payment does (issue 41): all its occurrences confirmed with
// the payment, or the payment refunded and none confirmed. Cancelling some occurrences gives
// back their share through the refund worker, at Stripe (its SDK against the strict
// stand-in), with a message. PGlite (api) and PostgreSQL (api-postgres).
const ZONE = inNewYork.timeZone;
const NORA = "2125550144";
const seed = aFixture(
  aCompany(
    "rehab",
    "Rehab",
    aProvider("rehab-clinic", "Rehab Clinic", {
      ...inNewYork,
      openingHours: openOn([1, 2, 3, 4, 5], "09:00", "17:00"),
      appointmentDistributionInMinutes: 15,
      onlineTransactionProvider: OnlineProvider.PayU,
      hoursToCancel: 24,
      customerReceiptAndReminderMode: ["sms"],
      categories: [
        aCategory(
          "",
          aService("Rehab course", {
            price: 100,
            durationInMinutes: 45,
            onlinePayment: { kind: "deposit", amount: 25 },
            series: { everyWeeks: [1], maxOccurrences: 4 },
          }),
          aService("Check-up", { price: 40, durationInMinutes: 30 }),
        ),
      ],
      staff: [aStaffMember("Ola Physio", { allServices: true })],
      customers: [aCustomer("Nora Regular", NORA, { phoneNumberCountryCode: 1 })],
    }),
  ),
);

/** A Monday to Thursday at least three days after the test's today. */
const firstDay = (() => {
  let day = addDays(todayIn(ZONE, TEST_NOW), 3);
  while (weekdayOf(day) === 0 || weekdayOf(day) >= 5) day = addDays(day, 1);
  return day;
})();
const weeks = (n: number) => addDays(firstDay, 7 * n);

let setup: StripeTestApi;
let api: TestApi;
let stripe: StripeStandIn;
let clinic: Provider;
let course: Service;
let checkUp: Service;

beforeAll(async () => {
  setup = await startStripeTestApi({ seed, page: "rehab-clinic" });
  ({ api, stripe } = setup);
  const page = await bookingPage(api, "rehab-clinic");
  clinic = page.provider;
  course = page.services["Rehab course"]!;
  checkUp = page.services["Check-up"]!;
});
afterAll(() => setup?.close());
beforeEach(() => setup.reset());

interface HeldSeries {
  id: number;
  status: string;
  paymentToken: string;
  seriesAppointmentIds: number[];
}

const occurrence = (iso: string) => ({ ...dateParts(iso), hour: 10, minute: 0 });
const mine = { phoneNumber: NORA, phoneNumberCountryCode: 1, emailAddress: "nora@example.com", customFields: [], ssn: "" };

/** Nora books the course at 10:00 every week, four times: held for its payment. */
async function heldSeries(): Promise<HeldSeries> {
  const token = await loginToken(api, clinic, NORA, "test-password-1");
  const series = { everyWeeks: 1, occurrences: [1, 2, 3].map((n) => occurrence(weeks(n))) };
  const answer = await api.postJson(
    `/Appointment?userId=${clinic.userId}`,
    bookingRequest(clinic, course, firstDay, "10:00", { ...mine, customerAccountIdentificationCode: token, series }),
  );
  expect(answer.status, await answer.clone().text()).toBe(200);
  const held = (await answer.json()) as HeldSeries;
  expect(held.status).toBe("awaiting_payment");
  return held;
}

async function checkout(held: HeldSeries) {
  const body = paymentRequest(TEST_ORIGIN, { userId: clinic.userId, appointmentId: held.id, paymentToken: held.paymentToken, amount: 1 });
  const response = await api.postJson("/payu/initiate", body);
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { paymentId: string; redirectUrl: string };
  const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(answer.redirectUrl)![1]!;
  return { paymentId: answer.paymentId, sessionId };
}

const deliver = (event: Stripe.Event, via?: Pick<TestApi, "request">) => setup.deliver(event, via);

const statuses = async (held: HeldSeries) =>
  (
    await api.db.query<{ status: string; paymentId: string | null }>(
      `SELECT status, payment_id AS "paymentId" FROM appointments WHERE id = ANY($1::int[]) ORDER BY series_position`,
      [held.seriesAppointmentIds],
    )
  ).map((row) => `${row.status}${row.paymentId ? " paid" : ""}`);
const paymentStatus = async (paymentId: string) =>
  (await api.db.query<{ status: string }>("SELECT status FROM payments WHERE id = $1", [paymentId]))[0]!.status;
const refundsAtStripe = (sessionId: string) =>
  stripe.refunds
    .filter((refund) => refund.payment_intent === stripe.sessions.get(sessionId)!.payment_intent)
    .map((r) => r.amount)
    .sort((a, b) => a - b);
const sms = () => api.outbox(NORA);
const afterTheHold = (sessionId: string) => api.clock.set(new Date((stripe.sessions.get(sessionId)!.expires_at + 1) * 1000));

describe("a series paid online: one payment for every occurrence", () => {
  it("holds every occurrence for the payment, charges four deposits at once, and paying confirms all four with one receipt", async () => {
    const held = await heldSeries();
    expect(held.seriesAppointmentIds).toHaveLength(4);
    expect(await statuses(held)).toEqual(Array(4).fill("awaiting_payment"));
    const paid = await checkout(held);
    const session = stripe.sessions.get(paid.sessionId)!;
    // The server's amount (4 × $25), whatever the client sent, and what it is for.
    expect(session.amount_total).toBe(10_000);
    const create = stripe.calls.find((call) => call.path === "/v1/checkout/sessions")!;
    expect(JSON.stringify(create.params)).toContain("Rehab Clinic: Rehab course (4 times)");
    expect(await statuses(held)).toEqual(Array(4).fill("awaiting_payment paid"));

    expect((await deliver(stripe.pay(paid.sessionId))).status).toBe(200);
    await api.refunds.refundDue();
    expect(await statuses(held)).toEqual(Array(4).fill("confirmed paid"));
    expect(await paymentStatus(paid.paymentId)).toBe("paid");
    const receipts = (await sms()).filter((m) => /booking confirmed/.test(m.subject));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.body).toContain("Also booked in this series:");
    expect(stripe.refunds).toHaveLength(0);
  });

  it("a payment that ends unpaid gives every occurrence back", async () => {
    const held = await heldSeries();
    const paid = await checkout(held);
    expect((await deliver(stripe.expire(paid.sessionId))).status).toBe(200);
    expect(await statuses(held)).toEqual(Array(4).fill("cancelled paid"));
    // Every time is free again.
    const again = await api.postJson(
      `/Appointment?userId=${clinic.userId}`,
      bookingRequest(clinic, checkUp, weeks(3), "10:00", { ...mine, phoneNumber: "2125550999" }),
    );
    expect(again.status).toBe(200);
  });

  it("paid in time, heard after the hold: every occurrence still free, so all are booked (grace)", async () => {
    const held = await heldSeries();
    const paid = await checkout(held);
    const event = stripe.pay(paid.sessionId);
    afterTheHold(paid.sessionId);
    expect((await deliver(event)).status).toBe(200);
    await api.refunds.refundDue();
    expect(await statuses(held)).toEqual(Array(4).fill("confirmed paid"));
    expect(stripe.refunds).toHaveLength(0);
  });

  it("paid in time, heard after the hold, with one occurrence's time taken meanwhile: none is booked, all the money goes back, Nora is told", async () => {
    const held = await heldSeries();
    const paid = await checkout(held);
    const event = stripe.pay(paid.sessionId);
    afterTheHold(paid.sessionId);
    // Someone books the third week's 10:00 once the hold has run out.
    const other = await api.postJson(
      `/Appointment?userId=${clinic.userId}`,
      bookingRequest(clinic, checkUp, weeks(2), "10:00", { ...mine, phoneNumber: "2125550999", emailAddress: "" }),
    );
    expect(other.status, await other.clone().text()).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    await api.refunds.refundDue();
    expect((await statuses(held)).filter((status) => status.startsWith("confirmed"))).toEqual([]);
    expect(await paymentStatus(paid.paymentId)).toBe("refunded");
    expect(refundsAtStripe(paid.sessionId)).toEqual([10_000]);
    const told = (await sms()).filter((m) => /payment refunded/.test(m.subject));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain("$100 (USD) has been refunded to you");
  });
});

describe("a series whose payment fails after Nora left (issue 57 point 7)", () => {
  it("a debit completed unpaid, one week's time taken after the hold, then async_payment_failed: all four given back, one SMS naming each", async () => {
    const held = await heldSeries();
    const paid = await checkout(held);
    const session = stripe.sessions.get(paid.sessionId)!;
    Object.assign(session, { status: "complete", payment_status: "unpaid", payment_intent: "pi_test_debit" });
    expect((await deliver(stripe.event("checkout.session.completed", session))).status).toBe(200);
    afterTheHold(paid.sessionId);
    const other = await api.postJson(
      `/Appointment?userId=${clinic.userId}`,
      bookingRequest(clinic, checkUp, weeks(2), "10:00", { ...mine, phoneNumber: "2125550999", emailAddress: "" }),
    );
    expect(other.status, await other.clone().text()).toBe(200);
    const failure = stripe.event("checkout.session.async_payment_failed", session);
    expect(await (await deliver(failure)).json()).toEqual({ received: true, handled: true });
    expect(await (await deliver(failure)).json()).toEqual({ received: true, handled: false });
    expect(await statuses(held)).toEqual(Array(4).fill("cancelled paid"));
    expect(await paymentStatus(paid.paymentId)).toBe("declined");
    const told = (await sms()).filter((m) => /payment failed/.test(m.subject));
    expect(told).toHaveLength(1);
    const dotted = (iso: string) => iso.split("-").reverse().join(".");
    expect(told[0]!.body).toContain(`the time is no longer yours: Rehab course on ${dotted(firstDay)} at `);
    expect(told[0]!.body).toMatch(
      new RegExp(`The rest of the series is cancelled too: ${[1, 2, 3].map((n) => `${dotted(weeks(n))} [^,]+`).join(", ")}\\.`),
    );
    expect(told[0]!.body).toContain(`Book again here: ${TEST_ORIGIN}/rehab-clinic`);
    expect(stripe.refunds).toHaveLength(0);
  });
});

describe("cancelling occurrences of a paid series gives back their share", () => {
  async function paidSeries() {
    const held = await heldSeries();
    const paid = await checkout(held);
    await deliver(stripe.pay(paid.sessionId));
    return { held, paid };
  }
  const cancel = async (route: string, id: number) => {
    const token = await loginToken(api, clinic, NORA, "test-password-1");
    return api.request(`/Appointment/${route}?appointmentId=${id}&customerToken=${token}&phoneNumber=${NORA}&userId=${clinic.userId}`, {
      method: "POST",
    });
  };

  it("one occurrence, then the rest, then the provider the last: $25, $50, $25, each at Stripe once with a message, $100 in all", async () => {
    const { held, paid } = await paidSeries();
    const [first, second, third] = held.seriesAppointmentIds;
    // My Page says what each occurrence was paid online: its share, what cancelling it gives back.
    const token = await loginToken(api, clinic, NORA, "test-password-1");
    const mineOnMyPage = async () =>
      (
        (await (await api.request(`/Customer/FetchByToken/${token}/${clinic.userId}/${NORA}`)).json()) as {
          appointments: { paidOnline: number | null }[];
        }
      ).appointments.map((a) => a.paidOnline);
    expect(await mineOnMyPage()).toEqual([25, 25, 25, 25]);

    const one = await cancel("cancelByCustomer", second!);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({ id: second, status: "cancelled", refund: { amount: 25, currency: "USD" } });
    expect((await sms()).find((m) => /appointment cancelled/.test(m.subject))!.body).toContain(
      "The $25 you paid online will be refunded in full.",
    );

    // Before the customer confirms, the API says what the cancel will take and give back (issue 57): the same $50.
    const preview = await api.request(
      `/Appointment/cancelSeriesByCustomer/preview?appointmentId=${third}&customerToken=${token}&phoneNumber=${NORA}&userId=${clinic.userId}`,
    );
    expect(preview.status).toBe(200);
    const said = (await preview.json()) as { occurrences: { id: number }[]; refund: unknown };
    expect(said.occurrences.map((o) => o.id)).toEqual(held.seriesAppointmentIds.slice(2));
    expect(said.refund).toEqual({ amount: 50, currency: "USD" });
    expect(await statuses(held)).toEqual(["confirmed paid", "cancelled paid", "confirmed paid", "confirmed paid"]);

    const rest = await cancel("cancelSeriesByCustomer", third!);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toEqual({
      ids: held.seriesAppointmentIds.slice(2),
      status: "cancelled",
      refund: { amount: 50, currency: "USD" },
    });
    expect((await sms()).find((m) => /appointments cancelled/.test(m.subject))!.body).toContain(
      "The $50 you paid online for them will be refunded in full.",
    );

    // One refund of a payment at a time, the oldest first: the second is made by the next pass.
    expect(await api.refunds.refundDue()).toMatchObject({ refunded: 1 });
    expect(refundsAtStripe(paid.sessionId)).toEqual([2_500]);
    expect(await api.refunds.refundDue()).toMatchObject({ refunded: 1 });
    expect(refundsAtStripe(paid.sessionId)).toEqual([2_500, 5_000]);
    expect(await paymentStatus(paid.paymentId)).toBe("paid"); // it still pays for the first
    expect(await statuses(held)).toEqual(["confirmed paid", "cancelled paid", "cancelled paid", "cancelled paid"]);
    expect(await mineOnMyPage()).toEqual([25]);

    const messenger = outboxMessenger(serverKeys(DEMO_SECRET));
    expect(await cancelByProvider({ db: api.db, messenger }, first!, api.clock.now())).toMatchObject({
      refund: { amount: 25, currency: "USD" },
    });
    await api.refunds.refundDue();
    expect(refundsAtStripe(paid.sessionId)).toEqual([2_500, 2_500, 5_000]);
    expect(await paymentStatus(paid.paymentId)).toBe("refunded");
    const told = (await sms()).filter((m) => /payment refunded/.test(m.subject)).map((m) => m.body);
    expect(told).toHaveLength(3);
    expect(told.filter((body) => body.includes("$25 (USD) has been refunded"))).toHaveLength(2);
    const rests = told.filter((body) => body.includes("$50 (USD) has been refunded"));
    expect(rests).toHaveLength(1);
    // The share's message names both dates it gives back for (issue 57), in dd.mm.yyyy.
    const dated = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
    expect(rests[0]).toMatch(
      new RegExp(`^You cancelled your appointments on ${dated(weeks(2))} at .+ and ${dated(weeks(3))} at .+ in time\\.`),
    );
    // The times are free again.
    expect((await cancel("cancelByCustomer", second!)).status).toBe(404);
  });

  it("a share made at Stripe whose answer was lost is found by its id and not made again", async () => {
    const { held, paid } = await paidSeries();
    expect((await cancel("cancelByCustomer", held.seriesAppointmentIds[1]!)).status).toBe(200);
    const [due] = await api.db.query<{ id: string }>("SELECT id FROM refunds WHERE status = 'due'");
    // The worker's first call reached Stripe, and its answer was lost on the way back.
    const intent = String(stripe.sessions.get(paid.sessionId)!.payment_intent);
    const earlier = await fetch(`${stripe.url}/v1/refunds`, {
      method: "POST",
      headers: { authorization: `Bearer ${stripe.secretKey}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_intent: intent, amount: "2500", "metadata[refundId]": due!.id }).toString(),
    });
    expect(earlier.status).toBe(200);
    expect(await api.refunds.refundDue()).toMatchObject({ refunded: 1 });
    expect(refundsAtStripe(paid.sessionId)).toEqual([2_500]);
    const [row] = await api.db.query<{ status: string }>("SELECT status FROM refunds WHERE id = $1", [due!.id]);
    expect(row!.status).toBe("done");
  });

  it("too late (inside hoursToCancel): refused, and the share is kept", async () => {
    const { held, paid } = await paidSeries();
    api.clock.set(new Date(fromZoned(weeks(1), "10:00", ZONE).getTime() - 23 * 3_600_000));
    const answer = await cancel("cancelByCustomer", held.seriesAppointmentIds[1]!);
    expect(answer.status).toBe(400);
    expect((await answer.json()).code).toBe("too-late-to-change");
    await api.refunds.refundDue();
    expect(refundsAtStripe(paid.sessionId)).toEqual([]);
  });
});

describe("parallel deliveries across two processes", () => {
  it("20 deliveries of a series' payment, half on each instance: all four booked once, one receipt", async () => {
    const held = await heldSeries();
    const paid = await checkout(held);
    const event = stripe.pay(paid.sessionId);
    const second = await api.secondInstance();
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => deliver(event, i % 2 === 0 ? api : second)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    } finally {
      await second.close();
    }
    expect(await statuses(held)).toEqual(Array(4).fill("confirmed paid"));
    expect((await sms()).filter((m) => /booking confirmed/.test(m.subject))).toHaveLength(1);
  });
});
