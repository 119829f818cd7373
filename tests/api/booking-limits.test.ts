import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { addDays, todayIn } from "../../src/contract/zoned-time.ts";
import { bookingPage, bookingRequest, dateParts } from "../support/booking-helpers.ts";
import { aCategory, aCompany, aFixture, aProvider, aService, aStaffMember, inNewYork, openOn } from "../support/builders.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";

// A page that verifies no one books for anyone who asks: a stranger's share of its days is
// bounded. Appointments booked from one address in a day: 12 on one page (a series counts
// each of its times), 36 from one network on one page, 24 from one address over every page.
// Counted in the booking's own transaction: only bookings made count, whatever the
// concurrency. PGlite (api) and PostgreSQL (api-postgres), two API instances.
const ZONE = inNewYork.timeZone;
const everyDay = openOn([0, 1, 2, 3, 4, 5, 6], "08:00", "20:00");
const page = (link: string, name: string) =>
  aProvider(link, name, {
    ...inNewYork,
    openingHours: everyDay,
    appointmentDistributionInMinutes: 15,
    maxDaysInAdvanceForBooking: 90,
    categories: [
      aCategory(
        "",
        aService("Quick cut", { durationInMinutes: 15 }),
        aService("Weekly cut", { durationInMinutes: 15, series: { everyWeeks: [1], maxOccurrences: 12 } }),
      ),
    ],
    staff: [aStaffMember("Ana Barber", { allServices: true }), aStaffMember("Bo Barber", { allServices: true })],
  });
const seed = aFixture(aCompany("open", "Open Shops", page("open-studio", "Open Studio"), page("open-barber", "Open Barber")));

let api: TestApi;
let studio: { provider: Provider; services: Record<string, Service> };
let barber: { provider: Provider; services: Record<string, Service> };
beforeAll(async () => {
  api = await startTestApi({ seed, trustedProxyHops: 1 });
  studio = await bookingPage(api, "open-studio");
  barber = await bookingPage(api, "open-barber");
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const firstDay = addDays(todayIn(ZONE, TEST_NOW), 2);
/** The n-th quarter hour from 08:00 on the n / 48-th day from firstDay: every one a distinct free time. */
const slot = (n: number) => {
  const minutes = 8 * 60 + (n % 48) * 15;
  return {
    iso: addDays(firstDay, Math.floor(n / 48)),
    time: `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`,
  };
};
const book = (
  on: { provider: Provider; services: Record<string, Service> },
  n: number,
  address: string,
  extra: object = {},
  via: Pick<TestApi, "request"> = api,
) => {
  const { iso, time } = slot(n);
  return via.request(`/Appointment?userId=${on.provider.userId}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(
      bookingRequest(on.provider, on.services["Quick cut"]!, iso, time, {
        customFields: [],
        ssn: "",
        phoneNumber: `21255${String(n).padStart(5, "0")}`,
        ...extra,
      }),
    ),
  });
};
const statuses = async (answers: (Response | Promise<Response>)[]) => (await Promise.all(answers)).map((answer) => answer.status);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

describe("a stranger's share of a page that verifies no one", () => {
  it("one address books 12 appointments a day there; the 13th is 429 too-many-bookings with Retry-After; another network books on", async () => {
    for (let n = 0; n < 12; n++) expect((await book(studio, n, "198.51.100.7")).status).toBe(200);
    const refused = await book(studio, 12, "198.51.100.7");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "too-many-bookings" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    expect((await book(studio, 12, "203.0.113.9")).status).toBe(200);
    // A day later the address books again.
    api.clock.set(new Date(TEST_NOW.getTime() + 24 * 3_600_000 + 1000));
    expect((await book(studio, 13, "198.51.100.7")).status).toBe(200);
  });

  it("a series counts each of its times: a series of 12 is the address's day; a refused one books nothing", async () => {
    const weekly = studio.services["Weekly cut"]!;
    const series = (address: string, times: number, at = "09:00") =>
      api.request(`/Appointment?userId=${studio.provider.userId}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify(
          bookingRequest(studio.provider, weekly, firstDay, at, {
            customFields: [],
            ssn: "",
            series: {
              everyWeeks: 1,
              occurrences: Array.from({ length: times - 1 }, (_, i) => ({
                ...dateParts(addDays(firstDay, 7 * (i + 1))),
                hour: 9,
                minute: 0,
              })),
            },
          }),
        ),
      });
    expect((await book(studio, 0, "198.51.100.7")).status).toBe(200);
    // 1 + 12 > 12: refused whole, nothing of it booked.
    const tooMany = await series("198.51.100.7", 12);
    expect(tooMany.status).toBe(429);
    expect(await api.db.query("SELECT 1 FROM appointments WHERE series_id IS NOT NULL")).toEqual([]);
    // 1 + 11 = 12: booked.
    expect((await series("198.51.100.7", 11, "10:00")).status).toBe(200);
    expect((await book(studio, 1, "198.51.100.7")).status).toBe(429);
  });

  it("one network books 36 a day on one page, whatever its addresses", async () => {
    for (let a = 0; a < 3; a++) {
      const answers = await statuses(Array.from({ length: 12 }, (_, i) => book(studio, a * 12 + i, `198.51.100.${10 + a}`)));
      expect(answers).toEqual(Array(12).fill(200));
    }
    expect((await book(studio, 40, "198.51.100.99")).status).toBe(429);
    expect((await book(studio, 40, "198.51.101.99")).status).toBe(200);
  });

  it("one address books 24 a day over every page", async () => {
    for (let n = 0; n < 12; n++) expect((await book(studio, n, "198.51.100.7")).status).toBe(200);
    for (let n = 0; n < 12; n++) expect((await book(barber, n, "198.51.100.7")).status).toBe(200);
    // Each page's own 12 are used, and the address's 24 over both.
    expect((await book(barber, 12, "198.51.100.7")).status).toBe(429);
  });

  it("holds under 1000 parallel bookings of distinct times from one address, over two API instances: 12 made", async () => {
    const second = await api.secondInstance();
    try {
      const answers = await statuses(
        Array.from({ length: 1000 }, (_, n) => book(studio, n, "198.51.100.7", {}, n % 2 === 0 ? api : second)),
      );
      expect(count(answers, 200)).toBe(12);
      expect(count(answers, 429)).toBe(988);
    } finally {
      await second.close();
    }
    const [row] = await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM appointments WHERE status = 'confirmed'");
    expect(row!.count).toBe(12);
    // A thousand requests on a busy two-core runner take their time: what is asserted is the count, not the speed.
  }, 60_000);
});
