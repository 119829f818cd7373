import { request as httpRequest, Agent } from "node:http";
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { bookingPage, bookingRequest, loginToken } from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";
import { createBookingCalls } from "../../src/api/booking-calls.ts";
import { createHttp } from "../../src/api/http.ts";

// Issue 14, "Robustness": idempotent booking and payment calls, and a 413 that does not
// cost the next request its answer. Runs on PGlite (api) and on PostgreSQL (api-postgres).

let api: TestApi;
let salon: Provider;
let haircut: Service;

beforeAll(async () => {
  api = await startTestApi();
  ({
    provider: salon,
    services: { "Men's haircut": haircut },
  } = (await bookingPage(api, "demo-salon")) as never);
});
afterAll(() => api.close());
beforeEach(() => api.reset());

/** Taylor's haircut with anyone free, at the first time of its first day. */
async function haircutBooking() {
  const day = expectedFirstDay("demo-salon", 30);
  const token = await loginToken(api, salon, "2125550123", "salon-demo-1");
  return bookingRequest(salon, haircut, day.iso, day.times[0]!, {
    phoneNumber: "2125550123",
    customerAccountIdentificationCode: token,
    customFields: [],
    staffMemberId: null,
  });
}
const post = (path: string, body: unknown, key?: string) =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
    body: JSON.stringify(body),
  });
const liveAppointments = async () =>
  (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM appointments WHERE status <> 'cancelled'"))[0]!.count;

describe("15. Idempotency-Key on booking and payment calls", () => {
  it("the same booking sent twice with one key books once; the repeat gets the first answer", async () => {
    const before = await liveAppointments();
    const request = await haircutBooking();
    const first = await post(`/Appointment?userId=${salon.userId}`, request, "key-double-click-1");
    const again = await post(`/Appointment?userId=${salon.userId}`, request, "key-double-click-1");
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    expect(await liveAppointments()).toBe(before + 1);
  });

  it("20 parallel repeats of one keyed booking: one appointment, every answer the same", async () => {
    const before = await liveAppointments();
    const request = await haircutBooking();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(`/Appointment?userId=${salon.userId}`, request, "key-parallel-1")),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { id: number }).id)));
    expect(ids.size).toBe(1);
    expect(await liveAppointments()).toBe(before + 1);
  });

  it("the database goes away after the booking committed, before its answer: 503 with Retry-After, and the retry with the key gets that booking", async () => {
    const before = await liveAppointments();
    const request = await haircutBooking();
    // The answer is kept through db.query only after the work: the booking's own transaction kept it already.
    const original = api.db.query.bind(api.db);
    const lost = vi.spyOn(api.db, "query").mockImplementation((async (sql: string, params?: unknown[]) => {
      if (/^UPDATE idempotent_requests SET status/.test(sql))
        throw Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
      return original(sql, params);
    }) as never);
    const first = await post(`/Appointment?userId=${salon.userId}`, request, "key-lost-answer-1");
    lost.mockRestore();
    expect(first.status).toBe(503);
    expect(first.headers.get("retry-after")).toBe("2");
    expect(await first.json()).toEqual({
      code: "service-unavailable",
      message: "The booking service is unavailable for a moment. Please try again.",
    });
    const retry = await post(`/Appointment?userId=${salon.userId}`, request, "key-lost-answer-1");
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const booked = (await retry.json()) as { id: number };
    expect((await api.db.query("SELECT id FROM appointments WHERE status <> 'cancelled' ORDER BY id DESC LIMIT 1"))[0]).toEqual({
      id: booked.id,
    });
    expect(await liveAppointments()).toBe(before + 1);
  });

  it("the widget's booking call, its answer lost to a 503 after the booking committed: it sends the same key again and shows that booking; nothing twice", async () => {
    const before = await liveAppointments();
    const request = await haircutBooking();
    let bookingPosts = 0;
    // The first booking post reaches the API and books; its answer is replaced by a failover's 503.
    const http = createHttp({
      base: `${TEST_ORIGIN}/api`,
      fetch: async (input, init) => {
        const answer = await api.fetch(input, init);
        const url = String(input instanceof Request ? input.url : input);
        if (!url.includes("/Appointment?")) return answer;
        bookingPosts += 1;
        if (bookingPosts > 1) return answer;
        return Response.json(
          { code: "service-unavailable", message: "The booking service is unavailable for a moment. Please try again." },
          { status: 503, headers: { "Retry-After": "0" } },
        );
      },
    });
    const confirmation = await createBookingCalls(http).book(salon.userId, request);
    expect(bookingPosts).toBe(2);
    expect(await liveAppointments()).toBe(before + 1);
    const [latest] = await api.db.query<{ id: number }>("SELECT id FROM appointments WHERE status <> 'cancelled' ORDER BY id DESC LIMIT 1");
    expect(confirmation.id).toBe(latest!.id);
  });

  it("a key used for another request is refused (422); a bad key is 400", async () => {
    const request = await haircutBooking();
    await post(`/Appointment?userId=${salon.userId}`, request, "key-reused-1");
    const other = await post(`/Appointment?userId=${salon.userId}`, { ...request, comment: "another" }, "key-reused-1");
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      code: "idempotency-key-reused",
      message: "This Idempotency-Key was used for a different request",
    });
    const bad = await post(`/Appointment?userId=${salon.userId}`, request, "a key with spaces");
    expect(bad.status).toBe(400);
  });

  it("a booking refused for its body (400) does not use up its key: the corrected booking with that key books", async () => {
    const before = await liveAppointments();
    const request = await haircutBooking();
    const broken = await post(`/Appointment?userId=${salon.userId}`, { ...request, serviceBookings: "none" }, "key-fixed-1");
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toMatch(/^Invalid booking field "serviceBookings"/);
    const fixed = await post(`/Appointment?userId=${salon.userId}`, request, "key-fixed-1");
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
    expect(await liveAppointments()).toBe(before + 1);
  });

  it("a payment started twice with one key is one payment", async () => {
    const body = {
      amount: 50,
      currency: "USD",
      description: "",
      customerEmail: "",
      customerFirstName: "",
      customerLastName: "",
      customerPhone: "",
      successUrl: `${TEST_ORIGIN}/payment/success`,
      failureUrl: `${TEST_ORIGIN}/payment/failure`,
      userId: salon.userId,
    };
    const first = (await (await post("/payu/initiate", body, "pay-key-1")).json()) as { paymentId: string };
    const again = (await (await post("/payu/initiate", body, "pay-key-1")).json()) as { paymentId: string };
    expect(again.paymentId).toBe(first.paymentId);
    expect((await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM payments"))[0]!.count).toBe(1);
  });

  it("a widget on a provider's site may send the header: the CORS preflight allows it", async () => {
    const preflight = await api.request("/Appointment?userId=1", {
      method: "OPTIONS",
      headers: {
        origin: "https://provider.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,idempotency-key",
      },
    });
    expect(preflight.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("idempotency-key");
  });
});

describe("16. a body larger than its route takes", () => {
  let server: ReturnType<typeof serve>;
  let agent: Agent;
  beforeAll(async () => {
    server = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
  });
  afterEach(() => agent.destroy());

  /** One request over the keep-alive agent; a body in several pieces goes chunked, with no Content-Length. */
  const send = (method: string, path: string, body?: string | string[]) =>
    new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
      const pieces = typeof body === "string" ? [body] : (body ?? []);
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: (server.address() as AddressInfo).port,
          method,
          path,
          agent,
          headers:
            typeof body === "string"
              ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) }
              : body
                ? { "content-type": "application/json" }
                : {},
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, text }));
        },
      );
      // The server answers before it has the whole body, and closes: the rest is not wanted.
      req.on("error", (error: NodeJS.ErrnoException) =>
        error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
      );
      for (const piece of pieces) req.write(piece);
      req.end();
    });
  const piecesOf = (text: string, size: number) =>
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
  const tooLargeAnswer = { code: "body-too-large", message: "Request body is too large" };

  it("answers 413 body-too-large with Connection: close, and the client's next request on its keep-alive agent is answered", async () => {
    const tooLarge = await send("POST", "/api/CustomerAccount/byPhone", JSON.stringify({ pad: "x".repeat(200 * 1024) }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.connection).toBe("close");
    expect(JSON.parse(tooLarge.text)).toEqual(tooLargeAnswer);
    // Counted as any answer is (refused before any route took it).
    expect(await api.metrics.registry.metrics()).toContain('booking_http_requests_total{method="POST",route="unmatched",status="413"} 1');
    const next = await send("GET", "/api/User/ByUser/demo-salon");
    expect(next.status).toBe(200);
    expect(JSON.parse(next.text)).toMatchObject({ bookingLink: "demo-salon" });
  });

  it("a body sent in chunks, without Content-Length, is cut as it passes the limit: 413, the connection closed, nothing booked", async () => {
    const before = await liveAppointments();
    const booking = JSON.stringify({ ...(await haircutBooking()), comment: "x".repeat(300 * 1024) });
    const tooLarge = await send("POST", `/api/Appointment?userId=${salon.userId}`, piecesOf(booking, 8192));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.connection).toBe("close");
    expect(JSON.parse(tooLarge.text)).toEqual(tooLargeAnswer);
    expect(await liveAppointments()).toBe(before);
    // The same booking, its comment within the schema's cap, in chunks too: booked.
    const fits = JSON.stringify({ ...(await haircutBooking()), comment: "ø".repeat(2000) });
    const booked = await send("POST", `/api/Appointment?userId=${salon.userId}`, piecesOf(fits, 1024));
    expect(booked.status, booked.text).toBe(200);
    expect(await liveAppointments()).toBe(before + 1);
  });
});
