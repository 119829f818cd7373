import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { PaymentInitiation } from "../../src/contract/schemas/payment.ts";
import { addDays } from "../../src/contract/zoned-time.ts";
import { bookingPage, bookingRequest, hoursFor } from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";

let api: TestApi;
let salon: Provider;
let fullColor: Service;
let taylorToken: string;
const TAYLOR = "2125550123";

beforeAll(async () => {
  api = await startTestApi();
  ({
    provider: salon,
    services: { "Full color": fullColor },
  } = (await bookingPage(api, "demo-salon")) as never);
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did; Taylor logs in afresh (a token is made at login).
beforeEach(async () => {
  await api.reset();
  const login = await api.postJson("/CustomerAccount/byPhoneAndPassword", {
    login: TAYLOR,
    password: "salon-demo-1",
    adminId: salon.userId,
  });
  taylorToken = ((await login.json()) as { customerAccountIdentificationCode: string }).customerAccountIdentificationCode;
});

const initiate = (body: Record<string, unknown>) =>
  api.postJson("/payu/initiate", {
    amount: 50,
    currency: "USD",
    description: "Full color",
    customerEmail: "taylor@example.com",
    customerFirstName: "Taylor",
    customerLastName: "",
    customerPhone: TAYLOR,
    successUrl: `${TEST_ORIGIN}/payment/success?company=demo-salon`,
    failureUrl: `${TEST_ORIGIN}/payment/failure?company=demo-salon`,
    userId: salon.userId,
    ...body,
  });
const simulatorAction = (path: string) => api.request(path.replace(`${TEST_ORIGIN}/api`, ""), { method: "POST" });

/** A Full color booking at the index-th free time of the first open day that has that many (earlier bookings of this file count). */
async function colorBooking(index: number, overrides: Record<string, unknown> = {}) {
  let day = await hoursFor(api, salon, fullColor, {}, expectedFirstDay("demo-salon", 120).iso);
  while (day.hoursToBook.at(index) === undefined)
    day = await hoursFor(api, salon, fullColor, {}, expectedFirstDay("demo-salon", 120, TEST_NOW, addDays(day.iso, 1)).iso);
  return bookingRequest(salon, fullColor, day.iso, day.hoursToBook.at(index)!.backendLabel, {
    phoneNumber: TAYLOR,
    phoneNumberCountryCode: 1,
    emailAddress: "taylor@example.com",
    customerAccountIdentificationCode: taylorToken,
    customFields: [],
    ...overrides,
  });
}
const book = (body: unknown) => api.postJson(`/Appointment?userId=${salon.userId}`, body);

describe("payu/initiate and the simulator", () => {
  it("answers a form for the first provider; Pay returns to the success address, then the paid booking is confirmed once", async () => {
    const response = await initiate({});
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { formAction: string; formFields: Record<string, string>; redirectUrl: null };
    expect(v.parse(PaymentInitiation, answer)).toMatchObject({ formAction: answer.formAction });
    expect(answer.formAction).toBe(`${TEST_ORIGIN}/api/payments/simulator`);
    expect(answer.redirectUrl).toBeNull();
    expect(answer.formFields).toMatchObject({ amount: "50.00", currency: "USD" });
    const paymentId = answer.formFields.paymentId!;

    const page = await api.request("/payments/simulator", { method: "POST", body: new URLSearchParams(answer.formFields) });
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain("50.00 USD");
    expect(html).toMatch(/<button[^>]*value="pay">Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*value="decline">Decline<\/button>/);

    const unpaid = await book(await colorBooking(0, { paymentId }));
    expect(unpaid.status).toBe(402);
    expect((await unpaid.json()).message).toBe("Payment not completed");

    const paid = await simulatorAction(`/payments/${paymentId}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${TEST_ORIGIN}/payment/success?company=demo-salon&paymentId=${paymentId}&status=paid`);
    // A second answer changes nothing.
    expect((await simulatorAction(`/payments/${paymentId}/decline`)).headers.get("location")).toContain("status=paid");

    const booked = await book(await colorBooking(0, { paymentId }));
    expect(booked.status).toBe(200);
    expect(await booked.json()).toMatchObject({ status: "confirmed" });
    expect((await api.outbox("taylor@example.com"))[0]!.subject).toMatch(/^Demo Salon: booking confirmed/);
    const reused = await book(await colorBooking(1, { paymentId }));
    expect(reused.status).toBe(409);
    expect((await reused.json()).message).toBe("This payment has already been used");
  });

  it("refuses a payment that does not cover the online price", async () => {
    const answer = (await (await initiate({ amount: 10 })).json()) as { formFields: Record<string, string> };
    await simulatorAction(`/payments/${answer.formFields.paymentId}/pay`);
    const response = await book(await colorBooking(2, { paymentId: answer.formFields.paymentId }));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/does not cover 50.00 USD/);
  });

  it("answers a redirect URL for the mobile wallet; Decline returns to the failure address", async () => {
    const { provider: frisor } = await bookingPage(api, "demo-frisor");
    const response = await initiate({ provider: "vipps", currency: "NOK", amount: 500, userId: frisor.userId });
    const answer = (await response.json()) as { redirectUrl: string; formAction: null };
    expect(answer.formAction).toBeNull();
    expect(answer.redirectUrl).toMatch(new RegExp(`^${TEST_ORIGIN}/api/payments/simulator\\?paymentId=[0-9a-f]{32}$`));
    const page = await api.request(answer.redirectUrl.replace(`${TEST_ORIGIN}/api`, ""));
    expect(await page.text()).toContain("500.00 NOK");
    const paymentId = new URL(answer.redirectUrl).searchParams.get("paymentId");
    const declined = await simulatorAction(`/payments/${paymentId}/decline`);
    expect(declined.headers.get("location")).toBe(
      `${TEST_ORIGIN}/payment/failure?company=demo-salon&paymentId=${paymentId}&status=declined`,
    );
  });

  it("holds an unpaid booking, confirms it when its payment succeeds, and frees it when declined or lapsed", async () => {
    const held = (await (await book(await colorBooking(3))).json()) as {
      id: number;
      status: string;
      holdExpiresAt: string;
      paymentToken: string;
    };
    expect(held.status).toBe("awaiting_payment");
    expect(held.holdExpiresAt).toBe(new Date(TEST_NOW.getTime() + 15 * 60_000).toISOString());
    expect(held.paymentToken).toMatch(/^[0-9a-f]{48}$/);
    const answer = (await (await initiate({ appointmentId: held.id, paymentToken: held.paymentToken })).json()) as {
      formFields: Record<string, string>;
    };
    await simulatorAction(`/payments/${answer.formFields.paymentId}/pay`);
    const status = async (id: number) =>
      (await api.db.query<{ status: string }>("SELECT status FROM appointments WHERE id = $1", [id]))[0]!.status;
    expect(await status(held.id)).toBe("confirmed");

    const second = (await (await book(await colorBooking(4))).json()) as { id: number; paymentToken: string };
    const declinedPayment = (await (await initiate({ appointmentId: second.id, paymentToken: second.paymentToken })).json()) as {
      formFields: Record<string, string>;
    };
    await simulatorAction(`/payments/${declinedPayment.formFields.paymentId}/decline`);
    expect(await status(second.id)).toBe("cancelled");

    const lapsing = await colorBooking(5);
    const third = (await (await book(lapsing)).json()) as { id: number; staffMemberId: number };
    // The hold keeps the time for 15 minutes, then lapses.
    try {
      api.clock.advanceMinutes(14);
      expect((await book({ ...lapsing, staffMemberId: third.staffMemberId })).status).toBe(409);
      expect(await status(third.id)).toBe("awaiting_payment");
      api.clock.advanceMinutes(1);
      const again = await book({ ...lapsing, staffMemberId: third.staffMemberId });
      expect(again.status).toBe(200);
      expect(await status(third.id)).toBe("cancelled");
    } finally {
      api.clock.set(TEST_NOW);
    }
  });

  it("charges online what the widget shows (the shared rule): a discount only below the price, nothing for a price that varies", async () => {
    // Full color: pay-online price 50. Without one, a "discount" above the price is not charged.
    await api.db.query("UPDATE services SET pay_online_price = NULL, discount_price = 1500 WHERE id = $1", [fullColor.id]);
    const dear = (await (await book(await colorBooking(3))).json()) as { id: number; paymentToken: string };
    const answer = (await (await initiate({ appointmentId: dear.id, paymentToken: dear.paymentToken })).json()) as {
      formFields: Record<string, string>;
    };
    const [payment] = await api.db.query<{ amount: number }>("SELECT amount::float8 AS amount FROM payments WHERE id = $1", [
      answer.formFields.paymentId,
    ]);
    expect(payment!.amount).toBe(1450);
    // A price that varies asks nothing online: the booking is confirmed at once.
    await api.db.query("UPDATE services SET disable_price = true WHERE id = $1", [fullColor.id]);
    const varying = (await (await book(await colorBooking(4))).json()) as { status: string };
    expect(varying.status).toBe("confirmed");
  });

  it("says so when the booking page has no payment provider, or another method", async () => {
    const { provider: clinic } = await bookingPage(api, "demo-clinic");
    const none = await initiate({ userId: clinic.userId });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({
      message: "No payment provider has been configured. Please contact the service provider.",
      code: "no-payment-provider",
    });
    expect((await initiate({ provider: "vipps" })).status).toBe(400);
    expect((await initiate({ currency: "NOK" })).status).toBe(400);
  });

  it("answers 400 naming the bad field for malformed payment requests", async () => {
    const cases: [Record<string, unknown> | string, RegExp][] = [
      ["{", /JSON/],
      [{ amount: -5 }, /amount/],
      [{ amount: "50" }, /amount/],
      [{ currency: "US" }, /currency/],
      [{ successUrl: "javascript:alert(1)" }, /successUrl/],
      [{ failureUrl: undefined }, /failureUrl.*required/],
      [{ provider: "stripe" }, /provider/],
      [{ successUrl: "https://evil.example/phish" }, /successUrl.*must be an address on http:\/\/booking.test/],
      [{ appointmentId: 999999, userId: undefined }, /userId.*required with appointmentId/],
    ];
    for (const [body, message] of cases) {
      const response = typeof body === "string" ? await api.postJson("/payu/initiate", body) : await initiate(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
    expect((await api.request("/payments/simulator?paymentId=nope")).status).toBe(400);
    expect((await api.request(`/payments/simulator?paymentId=${"0".repeat(32)}`)).status).toBe(404);
    expect((await simulatorAction(`/payments/${"0".repeat(32)}/pay`)).status).toBe(404);
    expect((await book({ ...(await colorBooking(-1)), paymentId: "f".repeat(32) })).status).toBe(400);
  });
});
