import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import {
  bookingPage,
  bookingRequest as booking,
  hoursFor as hoursForDay,
  loginToken,
  verifiedToken as verifiedTokenFor,
} from "../support/booking-helpers.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
const providers: Record<string, Provider> = {};
const services: Record<string, Service> = {};
beforeAll(async () => {
  api = await startTestApi();
  for (const link of ["demo-salon", "demo-clinic"]) {
    const page = await bookingPage(api, link);
    providers[link] = page.provider;
    Object.assign(services, page.services);
  }
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did.
beforeEach(() => api.reset());

const hoursFor = (provider: Provider, service: Service, extra: object = {}) => hoursForDay(api, provider, service, extra);
const verifiedToken = (provider: Provider, contact: { emailAddress?: string; phoneNumber?: string }) =>
  verifiedTokenFor(api, provider, contact);

describe("POST Appointment", () => {
  it("asks for verification first, then books a verified customer until every therapist is taken", async () => {
    const clinic = providers["demo-clinic"]!;
    const physio = services.Physiotherapy!;
    const day = await hoursFor(clinic, physio);
    const time = day.hoursToBook[0]!.backendLabel;
    const unverified = await api.postJson(`/Appointment?userId=${clinic.userId}`, booking(clinic, physio, day.iso, time));
    expect(unverified.status).toBe(403);
    expect(await unverified.json()).toEqual({ message: "Verification required", code: "verification-required" });

    const token = await verifiedToken(clinic, { emailAddress: "ola@example.com", phoneNumber: "3125550199" });
    const request = booking(clinic, physio, day.iso, time, { customerAccountIdentificationCode: token });
    const first = await api.postJson(`/Appointment?userId=${clinic.userId}`, request);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: "confirmed", id: expect.any(Number) });
    // Two therapists: the time is still offered once, then never.
    expect((await hoursFor(clinic, physio)).hoursToBook.map((h) => h.backendLabel)).toContain(time);
    expect((await api.postJson(`/Appointment?userId=${clinic.userId}`, request)).status).toBe(200);
    expect((await hoursFor(clinic, physio)).hoursToBook.map((h) => h.backendLabel)).not.toContain(time);
    const third = await api.postJson(`/Appointment?userId=${clinic.userId}`, request);
    expect(third.status).toBe(409);
    expect(await third.json()).toEqual({ message: "Cannot book appointment - it's occupied", code: "occupied" });
  });

  it("refuses a token whose verified e-mail is not the booking's", async () => {
    const clinic = providers["demo-clinic"]!;
    const physio = services.Physiotherapy!;
    const day = await hoursFor(clinic, physio);
    const token = await verifiedToken(clinic, { emailAddress: "kim@example.com", phoneNumber: "3125550111" });
    const response = await api.postJson(
      `/Appointment?userId=${clinic.userId}`,
      booking(clinic, physio, day.iso, day.hoursToBook.at(-1)!.backendLabel, { customerAccountIdentificationCode: token }),
    );
    expect(response.status).toBe(403);
  });

  it("lets exactly one of 20 concurrent bookings of one staff member's slot through", async () => {
    const salon = providers["demo-salon"]!;
    const mens = services["Men's haircut"]!;
    const [sam] = await api.db.query<{ id: number }>("SELECT id FROM staff_members WHERE first_name = 'Sam'");
    const taylor = { token: await loginToken(api, salon, "2125550123", "salon-demo-1") };
    const day = await hoursFor(salon, mens, { staffMemberId: sam!.id });
    const request = booking(salon, mens, day.iso, day.hoursToBook[0]!.backendLabel, {
      staffMemberId: sam!.id,
      phoneNumber: "2125550123",
      customerAccountIdentificationCode: taylor!.token,
      customFields: [],
    });
    const responses = await Promise.all(Array.from({ length: 20 }, () => api.postJson(`/Appointment?userId=${salon.userId}`, request)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const [{ count }] = (await api.db.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM appointments WHERE staff_member_id = $1 AND status <> 'cancelled'",
      [sam!.id],
    )) as [{ count: number }];
    expect(count).toBe(1);
  });

  it("holds a service that must be paid online as awaiting payment", async () => {
    const salon = providers["demo-salon"]!;
    const color = services["Full color"]!;
    const taylor = { token: await loginToken(api, salon, "2125550123", "salon-demo-1") };
    const day = await hoursFor(salon, color);
    const response = await api.postJson(
      `/Appointment?userId=${salon.userId}`,
      booking(salon, color, day.iso, day.hoursToBook.at(-1)!.backendLabel, {
        phoneNumber: "2125550123",
        customerAccountIdentificationCode: taylor!.token,
        customFields: [],
      }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe("awaiting_payment");
  });

  it("answers 400 naming the problem for malformed or impossible bookings", async () => {
    const clinic = providers["demo-clinic"]!;
    const physio = services.Physiotherapy!;
    const day = await hoursFor(clinic, physio);
    const good = booking(clinic, physio, day.iso, day.hoursToBook[0]!.backendLabel);
    const cases: [unknown, RegExp][] = [
      ["{", /JSON/],
      [{ ...good, month: 13 }, /month/],
      [{ ...good, serviceBookings: [] }, /serviceBookings/],
      [{ ...good, userId: clinic.userId + 1 }, /must match/],
      [{ ...good, customFields: [] }, /Insurance number/],
      [{ ...good, emailAddress: "ola@" }, /emailAddress/],
      [{ ...good, gender: null }, /gender is required/],
      [{ ...good, minute: 7 }, /cannot be booked/],
      [{ ...good, hour: 3 }, /cannot be booked/],
    ];
    for (const [body, message] of cases) {
      const response = await api.postJson(`/Appointment?userId=${clinic.userId}`, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await response.json()).message).toMatch(message);
    }
  });
});
