import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import {
  bookForAccount,
  bookingPage,
  bookingRequest,
  dateParts,
  heldFullColor,
  loginToken,
  paymentRequest,
} from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

// Issue 14, "Payments": what an attacker with curl tried, each as a regression test.
// Runs on PGlite (api) and on PostgreSQL (api-postgres).

let api: TestApi;
let salon: Provider;
let services: Record<string, Service>;
const TAYLOR = "2125550123";

beforeAll(async () => {
  api = await startTestApi();
  ({ provider: salon, services } = await bookingPage(api, "demo-salon"));
});
afterAll(() => api.close());
beforeEach(() => api.reset());

/** Taylor's Full color booking (a $50 deposit online), held for payment. */
const heldColor = (index = 0) => heldFullColor(api, index);
const initiate = (body: Record<string, unknown>) =>
  api.postJson("/payu/initiate", paymentRequest(TEST_ORIGIN, { userId: salon.userId, ...body }));
const simulator = (paymentId: string, outcome: "pay" | "decline") => api.request(`/payments/${paymentId}/${outcome}`, { method: "POST" });
const appointmentStatus = async (id: number) =>
  (await api.db.query<{ status: string }>("SELECT status FROM appointments WHERE id = $1", [id]))[0]!.status;

describe("5. the server computes what a held booking owes", () => {
  it("a payment of 0.01 for the $50 deposit is started for $50.00 and confirms only when $50 is paid", async () => {
    const held = await heldColor();
    const answer = (await (await initiate({ amount: 0.01, appointmentId: held.id, paymentToken: held.paymentToken })).json()) as {
      formFields: Record<string, string>;
    };
    expect(answer.formFields.amount).toBe("50.00");
    const [payment] = await api.db.query<{ amount: number }>("SELECT amount::float8 AS amount FROM payments WHERE id = $1", [
      answer.formFields.paymentId,
    ]);
    expect(payment!.amount).toBe(50);
    const page = await (await api.request(`/payments/simulator?paymentId=${answer.formFields.paymentId}`)).text();
    expect(page).toContain("50.00 USD");
  });
});

describe("5b. a held booking that no longer owes anything online", () => {
  it("is refused with its own code (nothing-to-pay), and no payment is started", async () => {
    const held = await heldColor();
    // The provider stops asking for the deposit online while the booking is held.
    await api.db.query("UPDATE services SET must_pay_online = false, pay_online_price = 0 WHERE id = $1", [services["Full color"]!.id]);
    const refused = await initiate({ appointmentId: held.id, paymentToken: held.paymentToken });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ code: "nothing-to-pay", message: "This booking has nothing to pay online" });
    const [{ count }] = (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM payments")) as [{ count: number }];
    expect(count).toBe(0);
  });
});

describe("6. only whoever made a held booking can start (and so fail) its payment", () => {
  it("without the booking's payment token, or with another one, nothing is started and the booking stays held", async () => {
    const victim = await heldColor(0);
    const mine = await heldColor(1);
    for (const body of [{}, { paymentToken: "0".repeat(48) }, { paymentToken: mine.paymentToken }]) {
      const refused = await initiate({ appointmentId: victim.id, ...body });
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect((await refused.json()).message).toMatch(/payment token does not match/);
    }
    const [{ count }] = (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM payments")) as [{ count: number }];
    expect(count).toBe(0);
    expect(await appointmentStatus(victim.id)).toBe("awaiting_payment");
  });

  it("the owner's own declined payment releases the owner's booking (and only it)", async () => {
    const held = await heldColor();
    const other = await heldColor(1);
    const answer = (await (await initiate({ appointmentId: held.id, paymentToken: held.paymentToken })).json()) as {
      formFields: Record<string, string>;
    };
    await simulator(answer.formFields.paymentId!, "decline");
    expect(await appointmentStatus(held.id)).toBe("cancelled");
    expect(await appointmentStatus(other.id)).toBe("awaiting_payment");
  });
});

describe("7. every rule the widget enforces holds on every route (book, move, pay)", () => {
  it("a service that cannot be booked online is refused by a direct booking call", async () => {
    const bridal = services["Bridal styling"]!;
    // A time the salon's hours would offer for 90 minutes: only the service itself is refused.
    const day = expectedFirstDay("demo-salon", 90);
    const token = await loginToken(api, salon, TAYLOR, "salon-demo-1");
    const response = await api.postJson(
      `/Appointment?userId=${salon.userId}`,
      bookingRequest(salon, bridal, day.iso, day.times[0]!, {
        phoneNumber: TAYLOR,
        emailAddress: "taylor@example.com",
        customerAccountIdentificationCode: token,
        customFields: [],
      }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Invalid booking: Bridal styling cannot be booked online");
  });

  it("moving an appointment to a service that must be paid online does not confirm it unpaid; nor to one not bookable online", async () => {
    const kari = { phone: "41234567", password: "frisor-demo-1" };
    const booked = await bookForAccount(api, "demo-frisor", "Dameklipp", kari);
    const { services: frisorServices } = await bookingPage(api, "demo-frisor");
    const [hour, minute] = booked.time.split(":").map(Number) as [number, number];
    const move = (serviceIds: number[]) =>
      api.sendJson("PUT", "/Appointment/ChangeAsCustomerAccount", {
        ...dateParts(booked.day.iso),
        hour,
        minute,
        serviceIds,
        phoneNumber: kari.phone,
        appointmentId: booked.id,
        adminId: booked.provider.userId,
        customerToken: booked.code,
      });
    const toColor = await move([frisorServices.Farging!.id]);
    expect(toColor.status).toBe(402);
    expect((await toColor.json()).message).toBe("This service must be paid online. Book it as a new appointment.");
    const [row] = await api.db.query<{ services: number[] }>(
      "SELECT array_agg(service_id) AS services FROM appointment_services WHERE appointment_id = $1",
      [booked.id],
    );
    expect(row!.services).toEqual([frisorServices.Dameklipp!.id]);
    expect(await appointmentStatus(booked.id)).toBe("confirmed");

    await api.db.query("UPDATE services SET unavailable_for_online_booking = true WHERE id = $1", [frisorServices.Herreklipp!.id]);
    const toOffline = await move([frisorServices.Herreklipp!.id]);
    expect(toOffline.status).toBe(400);
    expect((await toOffline.json()).message).toBe("Invalid booking: Herreklipp cannot be booked online");
  });
});

describe("8. no payment after the hold, no redirect elsewhere, no receipt the API did not confirm", () => {
  it("a held booking whose time ran out cannot be paid: no start, and a payment begun before confirms nothing", async () => {
    const held = await heldColor();
    const answer = (await (await initiate({ appointmentId: held.id, paymentToken: held.paymentToken })).json()) as {
      formFields: Record<string, string>;
    };
    const paymentId = answer.formFields.paymentId!;
    api.clock.advanceMinutes(15);
    const late = await initiate({ appointmentId: held.id, paymentToken: held.paymentToken });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe("The time held for this booking has run out. Please book again.");

    // Its time has begun meanwhile: what the simulator took goes back (issue 41: a booking or a refund).
    const paid = await simulator(paymentId, "pay");
    expect(paid.headers.get("location")).toBe(`${TEST_ORIGIN}/payment/failure?company=demo-salon&paymentId=${paymentId}&status=refunded`);
    expect(await appointmentStatus(held.id)).toBe("cancelled");
    expect(await (await api.request(`/payments/${paymentId}`)).json()).toMatchObject({
      status: "refunded",
      refund: "due",
      appointmentStatus: "cancelled",
    });
  });

  it("return addresses must be on this site", async () => {
    for (const field of ["successUrl", "failureUrl"]) {
      const response = await initiate({ [field]: "https://evil.example/payment/success" });
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(`Invalid payment field "${field}": must be an address on ${TEST_ORIGIN}`);
    }
  });

  it("GET payments/{id} says paid only once the simulator's Pay went through", async () => {
    const held = await heldColor();
    const { formFields } = (await (await initiate({ appointmentId: held.id, paymentToken: held.paymentToken })).json()) as {
      formFields: Record<string, string>;
    };
    const outcome = async () =>
      (await (await api.request(`/payments/${formFields.paymentId}`)).json()) as { status: string; appointmentStatus: string };
    expect(await outcome()).toMatchObject({ status: "pending", appointmentStatus: "awaiting_payment" });
    await simulator(formFields.paymentId!, "pay");
    expect(await outcome()).toMatchObject({ status: "paid", appointmentStatus: "confirmed" });
    expect((await api.request(`/payments/${"0".repeat(32)}`)).status).toBe(404);
  });
});
