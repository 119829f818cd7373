import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import {
  bookForAccount,
  bookingPage,
  bookingRequest,
  dateParts,
  hoursFor,
  loginToken,
  moveAsCustomer,
} from "../support/booking-helpers.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Held times (demo/api/holds/README.md): a chosen time is held for its visitor for ten
// minutes; others see it taken; the database keeps one hold per visitor and three per address.
let api: TestApi;
let clinic: Provider;
let physio: Service;
let day: string;
let times: string[];

beforeAll(async () => {
  api = await startTestApi({ trustedProxyHops: 1 });
  const page = await bookingPage(api, "demo-clinic");
  clinic = page.provider;
  physio = page.services.Physiotherapy!;
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.reset();
  // Anonymous bookings (no verification) keep these tests about holds alone.
  await api.db.query("UPDATE providers SET verification_type = 0 WHERE id = $1", [clinic.userId]);
  const hours = await hoursFor(api, clinic, physio);
  day = hours.iso;
  times = hours.hoursToBook.map((h) => h.backendLabel);
});

/** A request as if from `address` (the test API trusts one proxy's X-Forwarded-For). */
const post = (path: string, body: unknown, address = "198.51.100.7") =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
const holdBody = (time: string, holdToken?: string, iso = day) => {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return {
    userId: clinic.userId,
    ...dateParts(iso),
    hour,
    minute,
    serviceBookings: [{ serviceId: physio.id }],
    ...(holdToken ? { holdToken } : {}),
  };
};
const hold = async (time: string, options: { token?: string; address?: string } = {}) => {
  const response = await post("/Appointment/hold", holdBody(time, options.token), options.address);
  return {
    status: response.status,
    body: (await response.json()) as { holdToken: string; secondsLeft: number; expiresAt: string; message?: string },
    response,
  };
};
const freeTimes = async (holdToken?: string) =>
  (await hoursFor(api, clinic, physio, holdToken ? { holdToken } : {}, day)).hoursToBook.map((h) => h.backendLabel);
const book = (time: string, holdToken?: string, address?: string) =>
  post(`/Appointment?userId=${clinic.userId}`, bookingRequest(clinic, physio, day, time, holdToken ? { holdToken } : {}), address);
const liveHolds = async () => (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM slot_holds"))[0]!.count;

describe("POST Appointment/hold", () => {
  it("holds a time for its visitor: others see it taken once every therapist's is held, the holder still sees and books it", async () => {
    const time = times[0]!;
    const first = await hold(time, { address: "198.51.100.1" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ holdToken: expect.stringMatching(/^[0-9a-f]{48}$/), secondsLeft: 600 });
    // Two therapists: one held, the time is still offered; both held, it is gone for others.
    expect(await freeTimes()).toContain(time);
    const second = await hold(time, { address: "198.51.100.2" });
    expect(second.status).toBe(200);
    expect(await freeTimes()).not.toContain(time);
    expect(await freeTimes(first.body.holdToken)).toContain(time);
    // A third visitor can neither hold nor book it: the server keeps the rule, not the widget.
    const third = await hold(time, { address: "198.51.100.3" });
    expect(third.status).toBe(409);
    expect(third.body).toEqual({ message: "This time has just been taken", code: "time-taken" });
    expect((await book(time)).status).toBe(409);
    // Each holder books their own held time, and the hold is gone with the booking.
    expect((await book(time, first.body.holdToken)).status).toBe(200);
    expect((await book(time, second.body.holdToken)).status).toBe(200);
    expect(await liveHolds()).toBe(0);
  });

  it("replaces the visitor's earlier hold: choosing another time gives the first one back", async () => {
    const a = await hold(times[0]!);
    await hold(times[0]!, { address: "198.51.100.2" });
    expect(await freeTimes()).not.toContain(times[0]);
    const b = await hold(times.at(-1)!, { token: a.body.holdToken });
    expect(b.status).toBe(200);
    expect(b.body.holdToken).toBe(a.body.holdToken);
    expect(await freeTimes()).toContain(times[0]);
    expect(await liveHolds()).toBe(2);
  });

  it("gives the time back on release, and only to the holder's own token", async () => {
    const [a, b] = [await hold(times[0]!), await hold(times[0]!, { address: "198.51.100.2" })];
    expect(await freeTimes()).not.toContain(times[0]);
    const stranger = "ab".repeat(24);
    expect(await (await post("/Appointment/hold/release", { userId: clinic.userId, holdToken: stranger })).json()).toEqual({
      released: false,
    });
    expect(await freeTimes()).not.toContain(times[0]);
    // As the widget sends it while the page goes away: text/plain, no preflight.
    const release = await api.request("/Appointment/hold/release", {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ userId: clinic.userId, holdToken: a.body.holdToken }),
    });
    expect(await release.json()).toEqual({ released: true });
    expect(await freeTimes()).toContain(times[0]);
    expect(b.status).toBe(200);
  });

  it("runs out after ten minutes: the time is free again, and the holder books it while it is", async () => {
    const a = await hold(times[0]!);
    await hold(times[0]!, { address: "198.51.100.2" });
    api.clock.advanceMinutes(9);
    expect(await freeTimes()).not.toContain(times[0]);
    api.clock.advanceMinutes(1);
    expect(await freeTimes()).toContain(times[0]);
    // Someone else may take it now; the late holder's token no longer holds anything.
    expect((await book(times[0]!, undefined, "198.51.100.3")).status).toBe(200);
    expect((await book(times[0]!, a.body.holdToken)).status).toBe(200);
    expect((await book(times[0]!, a.body.holdToken)).status).toBe(409);
  });

  it("refuses a My Page move onto a time other visitors hold", async () => {
    const kari = { phone: "41234567", password: "frisor-demo-1" };
    const { provider: frisor, service, day: target, id } = await bookForAccount(api, "demo-frisor", "Dameklipp", kari, 3);
    const time = target.hoursToBook.at(-1)!.backendLabel;
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    const wish = { userId: frisor.userId, ...dateParts(target.iso), hour, minute, serviceBookings: [{ serviceId: service.id }] };
    // Both hairdressers' time held by two visitors.
    expect((await post("/Appointment/hold", wish, "198.51.100.1")).status).toBe(200);
    expect((await post("/Appointment/hold", wish, "198.51.100.2")).status).toBe(200);
    const token = await loginToken(api, frisor, kari.phone, kari.password);
    const move = await moveAsCustomer(api, frisor, { phone: kari.phone, token }, id, { iso: target.iso, time, serviceIds: [service.id] });
    expect(move.status).toBe(409);
  });

  it("answers 400 for a time that can never be booked and for a malformed token", async () => {
    expect((await post("/Appointment/hold", holdBody("03:00"))).status).toBe(400);
    const bad = await post("/Appointment/hold", holdBody(times[0]!, "not-a-token"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Invalid hold field "holdToken": must be a hold token');
    expect(await liveHolds()).toBe(0);
  });
});

describe("hold limits, kept by the database", () => {
  it("keeps one hold per visitor however many of their holds race", async () => {
    const { body } = await hold(times[0]!);
    const racing = await Promise.all(times.slice(1, 21).map((time) => hold(time, { token: body.holdToken })));
    expect(racing.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(await liveHolds()).toBe(1);
  });

  it("lets one address hold three times at once, under 1000 parallel requests; another address is not affected", async () => {
    const requests = Array.from({ length: 1000 }, (_, i) => hold(times[i % times.length]!, { address: "203.0.113.9" }));
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.status === 200).length).toBe(3);
    expect(answers.filter((a) => a.status === 429).length).toBe(997);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(
      (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM slot_holds WHERE client_address = '203.0.113.9'"))[0]!
        .count,
    ).toBe(3);
    expect((await hold(times.at(-1)!, { address: "203.0.113.10" })).status).toBe(200);
  }, 60_000); // 1000 requests on one PGlite: seconds alone, near 20 s when CI runs two instants side by side

  it("answers a fourth hold from one address with 429 until one of its three runs out", async () => {
    for (const time of times.slice(0, 3)) expect((await hold(time)).status).toBe(200);
    const fourth = await hold(times[3]!);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe("Too many times are held from your network. Book one of them, or wait a few minutes.");
    expect(Number(fourth.response.headers.get("retry-after"))).toBe(600);
    api.clock.advanceMinutes(10);
    expect((await hold(times[3]!)).status).toBe(200);
  });

  it("lets exactly as many of 50 racing visitors hold one time as there are therapists", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => hold(times[0]!, { address: `198.51.100.${i + 1}` })));
    expect(answers.filter((a) => a.status === 200).length).toBe(2);
    expect(answers.filter((a) => a.status === 409).length).toBe(48);
  });

  it("never lets a hold and a booking share a therapist's time: 40 racing holds and bookings, two winners", async () => {
    const racing = Array.from({ length: 40 }, (_, i) =>
      i % 2
        ? hold(times[0]!, { address: `198.51.100.${i + 1}` }).then((a) => a.status)
        : Promise.resolve(book(times[0]!, undefined, `198.51.100.${i + 1}`)).then((r) => r.status),
    );
    const statuses = await Promise.all(racing);
    expect(statuses.filter((status) => status === 200).length).toBe(2);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    // The winners, booked or held: one per therapist.
    const taken = await api.db.query<{ staff: number }>(
      `SELECT staff_member_id AS staff FROM appointments WHERE provider_id = $1 AND first_name = 'Ola Nordmann' AND status <> 'cancelled'
       UNION ALL SELECT staff_member_id FROM slot_holds WHERE provider_id = $1`,
      [clinic.userId],
    );
    expect(taken).toHaveLength(2);
    expect(new Set(taken.map((row) => row.staff)).size).toBe(2);
  });
});
