import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { metricsRoutes } from "../../demo/api/routes/metrics-routes.ts";
import { bookingPage, bookingRequest, dateParts, heldFullColor, hoursFor, paymentRequest } from "../support/booking-helpers.ts";
import { requestFrom, startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

// Issue 30, operations: Prometheus metrics (prom-client) of requests by route and status
// with their latency, of bookings, holds and payments, of 429s by limit, and of the
// outbox; GET /metrics behind the operator's token. PGlite and PostgreSQL.

let api: TestApi;
let clinic: Provider;
let physio: Service;
beforeAll(async () => {
  api = await startTestApi({ trustedProxyHops: 1 });
  const page = await bookingPage(api, "demo-clinic");
  clinic = page.provider;
  physio = page.services.Physiotherapy!;
});
afterAll(() => api.close());
beforeEach(() => api.reset());

/** GET /metrics as a scraper sees it (the demo's: no token). */
const scrape = async () => {
  const answer = await metricsRoutes(api.metrics, undefined).request("/metrics");
  expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.text();
};
/** One sample's value, or undefined when the scrape has no such line. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("GET /metrics", () => {
  it("counts requests by method, route as registered and status, with their latency, and names no customer", async () => {
    const phone = "2125550123";
    const token = "a-customer-token-that-must-not-leak";
    expect((await api.request("/User/ByUser/demo-salon")).status).toBe(200);
    expect((await api.request("/User/ByUser/demo-clinic")).status).toBe(200);
    expect((await api.request("/User/ByUser/no-such-page")).status).toBe(404);
    expect((await api.request(`/Customer/FetchByToken/${token}/${clinic.userId}/${phone}`)).status).toBe(401);
    expect((await api.request(`/no/such/${phone}`)).status).toBe(404);

    const text = await scrape();
    expect(sample(text, 'booking_http_requests_total{method="GET",route="/api/User/ByUser/:name",status="200"}')).toBe(2);
    expect(sample(text, 'booking_http_requests_total{method="GET",route="/api/User/ByUser/:name",status="404"}')).toBe(1);
    expect(
      sample(
        text,
        'booking_http_requests_total{method="GET",route="/api/Customer/FetchByToken/:customerToken/:userId/:phoneNumber",status="401"}',
      ),
    ).toBe(1);
    expect(sample(text, 'booking_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'booking_http_request_duration_seconds_count{method="GET",route="/api/User/ByUser/:name"}')).toBe(3);
    expect(sample(text, 'booking_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/User/ByUser/:name"}')).toBe(3);
    for (const secret of [phone, token, "no-such-page", "demo-salon"]) expect(text).not.toContain(secret);
  });

  it("counts times held and released, bookings and payments by their outcome", async () => {
    await api.db.query("UPDATE providers SET verification_type = 0 WHERE id = $1", [clinic.userId]);
    const { iso, hoursToBook } = await hoursFor(api, clinic, physio);
    const at = (index: number) => hoursToBook[index]!.backendLabel.split(":").map(Number) as [number, number];
    const hold = (index: number) =>
      requestFrom(api, "198.51.100.7", "POST", "/Appointment/hold", {
        userId: clinic.userId,
        ...dateParts(iso),
        hour: at(index)[0],
        minute: at(index)[1],
        serviceBookings: [{ serviceId: physio.id }],
      });
    const held = (await (await hold(0)).json()) as { holdToken: string };
    expect(
      (await requestFrom(api, "198.51.100.7", "POST", "/Appointment/hold/release", { userId: clinic.userId, holdToken: held.holdToken }))
        .status,
    ).toBe(200);
    expect((await hold(1)).status).toBe(200);
    const booked = await api.postJson(
      `/Appointment?userId=${clinic.userId}`,
      bookingRequest(clinic, physio, iso, hoursToBook[2]!.backendLabel),
    );
    expect(booked.status).toBe(200);

    // A booking held for payment, paid through the demo's simulator.
    const { provider: salon } = await bookingPage(api, "demo-salon");
    const waiting = await heldFullColor(api);
    const started = await api.postJson(
      "/payu/initiate",
      paymentRequest(TEST_ORIGIN, { userId: salon.userId, appointmentId: waiting.id, paymentToken: waiting.paymentToken }),
    );
    const { paymentId } = (await started.json()) as { paymentId: string };
    expect((await api.request(`/payments/${paymentId}/pay`, { method: "POST" })).status).toBe(303);
    // A second verdict on the same payment changes nothing and counts nothing.
    await api.request(`/payments/${paymentId}/pay`, { method: "POST" });

    const text = await scrape();
    expect(sample(text, 'booking_holds_total{event="held"}')).toBe(2);
    expect(sample(text, 'booking_holds_total{event="released"}')).toBe(1);
    expect(sample(text, 'booking_bookings_total{event="booked"}')).toBe(1);
    expect(sample(text, 'booking_bookings_total{event="awaiting-payment"}')).toBe(1);
    expect(sample(text, 'booking_payments_total{gateway="simulator",outcome="started"}')).toBe(1);
    expect(sample(text, 'booking_payments_total{gateway="simulator",outcome="paid"}')).toBe(1);
  });

  it("counts each 429 by the limit that refused it, and shows the outbox's queue", async () => {
    const { provider: salon } = await bookingPage(api, "demo-salon");
    const ask = (phone: string, address: string) =>
      requestFrom(api, address, "POST", `/Appointment/verificationCode?userId=${salon.userId}`, {
        phoneNumber: phone,
        phoneNumberCountryCode: 1,
      });
    // Three codes to one phone pass (send:recipient); the fourth and fifth are refused.
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await ask("2125550171", `198.51.100.${i + 1}`)).status);
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    // 20 codes from one address pass (send:address); the 21st is refused.
    const fromOne = await Promise.all(Array.from({ length: 21 }, (_, i) => ask(String(2_125_550_200 + i), "203.0.113.9")));
    expect(fromOne.filter((answer) => answer.status === 429)).toHaveLength(1);

    const text = await scrape();
    expect(sample(text, 'booking_rate_limited_total{limit="send:recipient"}')).toBe(2);
    expect(sample(text, 'booking_rate_limited_total{limit="send:address"}')).toBe(1);
    // No sender runs here: the 23 codes wait, and the oldest has waited a moment.
    expect(sample(text, 'booking_outbox_messages{status="pending"}')).toBe(23);
    expect(sample(text, 'booking_outbox_messages{status="failed"}')).toBe(0);
    expect(sample(text, "booking_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "booking_outbox_oldest_pending_seconds")).toBeLessThan(60);
  });

  it("with a token, answers only its bearer", async () => {
    const token = "f3a9c1d27b6e48a0b5d4c3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2";
    const guarded = metricsRoutes(api.metrics, token);
    for (const authorization of [undefined, "Bearer wrong", `Basic ${token}`, `Bearer ${token}x`]) {
      const answer = await guarded.request("/metrics", { headers: authorization ? { authorization } : {} });
      expect(answer.status).toBe(401);
      expect(answer.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await answer.text()).not.toContain("booking_http_requests_total");
    }
    const answer = await guarded.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("# TYPE booking_http_requests_total counter");
  });
});
