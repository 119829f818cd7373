import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LoadedDay, type Provider, type Service } from "../../src/contract/schemas/index.ts";
import { HELD_MINUTES_PER_ADDRESS } from "../../demo/api/holds/hold-time.ts";
import {
  bookForAccount,
  bookingPage,
  bookingRequest,
  dateParts,
  loginToken,
  moveAsCustomer,
  verifiedToken,
} from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 29, "Held times can block a whole day" and "multipleServices is enforced nowhere":
// a hold, a booking and a move ask for what the page books online, and one address holds
// a bounded part of a provider's day. Runs on PGlite (api) and on PostgreSQL (api-postgres).

let api: TestApi;
let salon: Provider;
let frisor: Provider;
let salonServices: Record<string, Service>;
let frisorServices: Record<string, Service>;
let salonDay: string;

beforeAll(async () => {
  api = await startTestApi({ trustedProxyHops: 1 });
  ({ provider: salon, services: salonServices } = await bookingPage(api, "demo-salon"));
  ({ provider: frisor, services: frisorServices } = await bookingPage(api, "demo-frisor"));
  salonDay = expectedFirstDay("demo-salon", 240).iso;
});
afterAll(() => api.close());
beforeEach(() => api.reset());

type Selection = { serviceId: number; extraServiceIds?: number[] }[];
/** A request as if from `address` (the test API trusts one proxy's X-Forwarded-For). */
const send = (method: string, path: string, body: unknown, address = "198.51.100.7") =>
  api.request(path, {
    method,
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
/** The free start times of `iso` for a selection, as the calendar answers them. */
async function freeTimes(provider: Provider, serviceBookings: Selection, iso: string, extra: object = {}) {
  const response = await api.postJson("/Appointment/availableHours", {
    ...dateParts(iso),
    userId: provider.userId,
    serviceBookings,
    ...extra,
  });
  expect(response.status).toBe(200);
  return v.parse(LoadedDay, await response.json()).hoursToBook.map((h) => h.backendLabel);
}
const holdBody = (provider: Provider, serviceBookings: Selection, iso: string, time: string, extra: object = {}) => {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return { userId: provider.userId, ...dateParts(iso), hour, minute, serviceBookings, ...extra };
};
const hold = (provider: Provider, serviceBookings: Selection, iso: string, time: string, address?: string, extra: object = {}) =>
  send("POST", "/Appointment/hold", holdBody(provider, serviceBookings, iso, time, extra), address);
const heldRows = () =>
  api.db.query<{ address: string; minutes: number }>(
    `SELECT client_address AS address, (extract(epoch FROM ends_at - starts_at) / 60)::int AS minutes FROM slot_holds`,
  );

describe("a hold asks for what a booking could", () => {
  it("refuses a service that cannot be booked online, and holds nothing", async () => {
    const bridal = salonServices["Bridal styling"]!;
    const consultation = salonServices.Consultation!;
    // The calendar still shows its hours (the widget then offers a message instead).
    const [time] = await freeTimes(salon, [{ serviceId: bridal.id }], salonDay);
    const alone = await hold(salon, [{ serviceId: bridal.id }], salonDay, time!);
    expect(alone.status).toBe(400);
    expect((await alone.json()).message).toBe("Invalid booking: Bridal styling cannot be booked online");
    const hidden = await hold(salon, [{ serviceId: consultation.id }, { serviceId: bridal.id }], salonDay, time!);
    expect(hidden.status).toBe(400);
    expect(await heldRows()).toEqual([]);
  });

  it("refuses several services on a one-service page, and a staff member who does not offer the service", async () => {
    const { Dameklipp: cut, Herreklipp: men } = frisorServices as Record<string, Service>;
    const iso = expectedFirstDay("demo-frisor", 75).iso;
    const [time] = await freeTimes(frisor, [{ serviceId: cut!.id }], iso);
    const several = await hold(frisor, [{ serviceId: cut!.id }, { serviceId: men!.id }], iso, time!);
    expect(several.status).toBe(400);
    expect((await several.json()).message).toBe("Invalid booking: This booking page books one service at a time");
    // Sam cuts hair but does not color it.
    const color = salonServices["Full color"]!;
    const [colorTime] = await freeTimes(salon, [{ serviceId: color.id }], salonDay);
    const [sam] = await api.db.query<{ id: number }>("SELECT id FROM staff_members WHERE provider_id = $1 AND first_name = 'Sam'", [
      salon.userId,
    ]);
    const samId = sam!.id;
    expect((await hold(salon, [{ serviceId: color.id }], salonDay, colorTime!, undefined, { staffMemberId: samId })).status).toBe(400);
    expect(await heldRows()).toEqual([]);
  });

  it("lets one visitor hold the longest booking the page offers, but an address no more than its share of minutes", async () => {
    const women = salonServices["Women's haircut"]!;
    const longest: Selection = [
      { serviceId: women.id, extraServiceIds: women.children.map((extra) => extra.id) },
      { serviceId: salonServices["Full color"]!.id },
      { serviceId: salonServices.Consultation!.id },
    ];
    const [time] = await freeTimes(salon, longest, salonDay);
    const alone = await hold(salon, longest, salonDay, time!, "198.51.100.20");
    expect(alone.status).toBe(200);
    expect(await heldRows()).toEqual([{ address: "198.51.100.20", minutes: 220 }]);
    // A second hold from the same address would hold more than its share: 429, and the first stays.
    const men = [{ serviceId: salonServices["Men's haircut"]!.id }];
    const more = await hold(salon, men, salonDay, (await freeTimes(salon, men, salonDay)).at(-1)!, "198.51.100.20");
    expect(more.status).toBe(429);
    expect((await more.json()).code).toBe("too-many-holds");
    expect(Number(more.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address holds as before.
    expect((await hold(salon, men, salonDay, (await freeTimes(salon, men, salonDay)).at(-1)!, "198.51.100.21")).status).toBe(200);
  });

  it("counts held minutes under 300 parallel holds from one address: 120-minute holds stop at one", async () => {
    const color = [{ serviceId: salonServices["Full color"]!.id }];
    const times = await freeTimes(salon, color, salonDay);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) => hold(salon, color, salonDay, times[i % times.length]!, "198.51.100.30")),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 429 || s === 409)).toBe(true);
    const held = await heldRows();
    expect(held.reduce((sum, row) => sum + row.minutes, 0)).toBeLessThanOrEqual(HELD_MINUTES_PER_ADDRESS);
  });

  it("keeps three addresses from taking more than their minutes of one day", async () => {
    const men = [{ serviceId: salonServices["Men's haircut"]!.id }];
    const times = await freeTimes(salon, men, salonDay);
    const addresses = ["198.51.100.41", "198.51.100.42", "2001:db8:1:2::1", "2001:db8:1:2::ffff"];
    await Promise.all(times.flatMap((time) => addresses.map((address) => hold(salon, men, salonDay, time, address))));
    const held = await heldRows();
    const perAddress = new Map<string, number>();
    for (const row of held) perAddress.set(row.address, (perAddress.get(row.address) ?? 0) + row.minutes);
    // The two IPv6 addresses are one /64: one network, one share.
    expect([...perAddress.keys()].sort()).toEqual(["198.51.100.41", "198.51.100.42", "2001:db8:1:2::/64"]);
    for (const minutes of perAddress.values()) expect(minutes).toBeLessThanOrEqual(HELD_MINUTES_PER_ADDRESS);
    // Most of the day stays bookable for everyone else.
    expect((await freeTimes(salon, men, salonDay)).length).toBeGreaterThan(times.length / 2);
  });
});

describe("multipleServices is kept on bookings and moves", () => {
  it("refuses a booking of several services on a one-service page", async () => {
    const { Dameklipp: cut, Herreklipp: men, Barneklipp: child } = frisorServices as Record<string, Service>;
    const iso = expectedFirstDay("demo-frisor", 95).iso;
    const [time] = await freeTimes(frisor, [{ serviceId: cut!.id }], iso);
    const token = await loginToken(api, frisor, "41234567", "frisor-demo-1");
    const booked = await send(
      "POST",
      `/Appointment?userId=${frisor.userId}`,
      bookingRequest(frisor, cut!, iso, time!, {
        serviceBookings: [cut!, men!, child!].map((s) => ({ serviceId: s.id, extraServiceIds: [] })),
        phoneNumber: "41234567",
        phoneNumberCountryCode: 47,
        customerAccountIdentificationCode: token,
        customFields: [],
      }),
    );
    expect(booked.status).toBe(400);
    expect((await booked.json()).message).toBe("Invalid booking: This booking page books one service at a time");
    expect(await api.db.query("SELECT id FROM appointments WHERE provider_id = $1", [frisor.userId])).toEqual([]);
  });

  it("refuses a move to several services on a one-service page, and moves one service as before", async () => {
    const kari = { phone: "41234567", password: "frisor-demo-1" };
    const { service, day, id } = await bookForAccount(api, "demo-frisor", "Dameklipp", kari, 3);
    const token = await loginToken(api, frisor, kari.phone, kari.password);
    const time = day.hoursToBook.at(-1)!.backendLabel;
    const move = (serviceIds: number[]) =>
      moveAsCustomer(api, frisor, { phone: kari.phone, token }, id, { iso: day.iso, time, serviceIds });
    const several = await move([service.id, frisorServices.Herreklipp!.id]);
    expect(several.status).toBe(400);
    expect((await several.json()).message).toBe("Invalid booking: This booking page books one service at a time");
    expect((await move([service.id])).status).toBe(200);
  });
});

describe("unpaid bookings are capped per customer, phone and address", () => {
  const TAYLOR = { phone: "2125550123", password: "salon-demo-1" };
  /** Full color (a deposit online) at the i-th free time of salonDay, for `token`'s customer on `phone`. */
  async function bookColor(token: string, phone: string, time: string, address?: string) {
    const color = salonServices["Full color"]!;
    return send(
      "POST",
      `/Appointment?userId=${salon.userId}`,
      bookingRequest(salon, color, salonDay, time, {
        phoneNumber: phone,
        emailAddress: "guest@example.com",
        customerAccountIdentificationCode: token,
        customFields: [],
      }),
      address,
    );
  }
  const unpaid = async () =>
    (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM appointments WHERE status = 'awaiting_payment'"))[0]!.count;
  const colorTimes = () => freeTimes(salon, [{ serviceId: salonServices["Full color"]!.id }], salonDay);

  it("holds two unpaid bookings of one customer at once; the third waits until one lapses", async () => {
    const token = await loginToken(api, salon, TAYLOR.phone, TAYLOR.password);
    const times = await colorTimes();
    expect((await bookColor(token, TAYLOR.phone, times[0]!)).status).toBe(200);
    expect((await bookColor(token, TAYLOR.phone, times.at(-1)!)).status).toBe(200);
    const third = await bookColor(token, TAYLOR.phone, (await colorTimes())[0]!, "198.51.100.60");
    expect(third.status).toBe(429);
    expect(await third.json()).toEqual({
      code: "too-many-unpaid-bookings",
      message: "You already have bookings waiting for payment. Pay for one of them, or wait until it lapses.",
    });
    const retryAfter = Number(third.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // When the first two lapse, their time is free and the customer may book again.
    api.clock.advanceMinutes(16);
    expect((await bookColor(token, TAYLOR.phone, (await colorTimes())[0]!)).status).toBe(200);
    // Where a booking came from is kept (as a keyed digest) only while it waits for payment.
    const kept = await api.db.query<{ status: string; digest: string | null }>(
      `SELECT status, booked_from_digest AS digest FROM appointments WHERE status IN ('cancelled', 'awaiting_payment') ORDER BY id`,
    );
    expect(kept.map((row) => [row.status, row.digest === null])).toEqual([
      ["cancelled", true],
      ["cancelled", true],
      ["awaiting_payment", false],
    ]);
  });

  it("caps one address over many customers, and one phone over many addresses", async () => {
    const tokens: string[] = [];
    for (const phone of ["2125550301", "2125550302", "2125550303"]) tokens.push(await verifiedToken(api, salon, { phoneNumber: phone }));
    // Each booking at the first time still free (Alex alone colors hair).
    const book = async (i: number, address: string) =>
      (await bookColor(tokens[i]!, `212555030${i + 1}`, (await colorTimes())[0]!, address)).status;
    expect([await book(0, "198.51.100.61"), await book(1, "198.51.100.61"), await book(2, "198.51.100.61")]).toEqual([200, 200, 429]);
    // The third customer books from their own address; their phone is capped from any address.
    api.clock.advanceMinutes(16);
    expect([await book(2, "198.51.100.62"), await book(2, "198.51.100.63"), await book(2, "198.51.100.64")]).toEqual([200, 200, 429]);
    expect(await unpaid()).toBe(2);
  });

  it("lets two of 60 parallel unpaid bookings through, over two API instances", async () => {
    const token = await loginToken(api, salon, TAYLOR.phone, TAYLOR.password);
    const times = await colorTimes();
    const other = await api.secondInstance();
    try {
      const color = salonServices["Full color"]!;
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => {
          const body = bookingRequest(salon, color, salonDay, times[i % times.length]!, {
            phoneNumber: TAYLOR.phone,
            emailAddress: "taylor@example.com",
            customerAccountIdentificationCode: token,
            customFields: [],
          });
          const init = {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${70 + (i % 20)}` },
            body: JSON.stringify(body),
          };
          return (i % 2 ? other : api).request(`/Appointment?userId=${salon.userId}`, init);
        }),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(2);
      expect(statuses.every((s) => s === 200 || s === 429 || s === 409)).toBe(true);
      expect(await unpaid()).toBe(2);
      // They block their two services' time and no more.
      const [blocked] = await api.db.query<{ minutes: number }>(
        "SELECT (sum(extract(epoch FROM ends_at - starts_at)) / 60)::int AS minutes FROM appointments WHERE status = 'awaiting_payment'",
      );
      expect(blocked!.minutes).toBe(2 * color.durationInMinutes);
    } finally {
      await other.close();
    }
  });
});
