import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { createApi } from "../../demo/api/app.ts";
import { type ReadLimiter, readLimits } from "../../demo/api/limits/read-limits.ts";
import { DEMO_SECRET } from "../../demo/api/secrets/server-keys.ts";
import { createSite } from "../../demo/server/site.ts";
import { batchedCounts } from "../../demo/api/limits/batched-counts.ts";
import { silentLogger } from "../../demo/api/logger.ts";
import { bookingPage, dateParts } from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { requestFrom, startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

// Issue 58, point 2: reads (availability, staff, a booking page's own, and the site's host
// page and painted first screen) are limited per address and per network, a minute each,
// counted across processes. Runs on PGlite (api) and on PostgreSQL (api-postgres).

let api: TestApi;
let salon: Provider;
let haircut: Service;
let firstDay: string;

beforeAll(async () => {
  api = await startTestApi({ trustedProxyHops: 1 });
  const page = await bookingPage(api, "demo-salon");
  salon = page.provider;
  haircut = Object.values(page.services).find((service) => service.firstAvailable)!;
  firstDay = expectedFirstDay("demo-salon", haircut.durationInMinutes ?? 60).iso;
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const PER_ADDRESS = readLimits.perAddress.max;
const PER_NETWORK = readLimits.perNetwork.max;

/** A month's hours asked from `address`; `userId` of a page that does not exist answers at once (404), as a flood of them would. */
const month = (address: string, iso = firstDay, userId = salon.userId) =>
  requestFrom(api, address, "POST", "/Appointment/availableHours/month", {
    ...dateParts(iso),
    userId,
    serviceBookings: [{ serviceId: haircut.id }],
  });
const NO_PAGE = 999_999;

/** `count` cheap reads (a malformed month, answered 400 before any query: the limit counts it all the same) from `address`, a few at a time; their statuses. */
async function reads(address: string, count: number, caller: Pick<TestApi, "request"> = api) {
  const statuses: number[] = [];
  for (let from = 0; from < count; from += 50) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(50, count - from) }, () =>
        requestFrom(caller, address, "POST", "/Appointment/availableHours/month", {}),
      ),
    );
    statuses.push(...answers.map((answer) => answer.status));
  }
  return statuses;
}

/** What a widget asks in one visit: its page, the first screen's reads, staff, months back and forth, a dozen days. */
async function journey(address: string) {
  const get = (path: string) => requestFrom(api, address, "GET", path);
  const post = (path: string, body: unknown) => requestFrom(api, address, "POST", path, body);
  const selection = { userId: salon.userId, serviceBookings: [{ serviceId: haircut.id }] };
  const [year, monthNumber] = firstDay.split("-").map(Number) as [number, number];
  const monthStart = (offset: number) => {
    const at = new Date(Date.UTC(year, monthNumber - 1 + offset, 1));
    return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: 1 };
  };
  const answers = [
    await get("/User/ByUser/demo-salon"),
    await get(`/User/${salon.userId}`),
    await get("/Company/connect?id=demo"),
    await get(`/Service/asAnonymous?userId=${salon.userId}`),
    await get(`/CustomField/asAnonymous/${salon.userId}`),
    await get(`/Waitlist/settings?userId=${salon.userId}`),
    await get(`/WorkingDays/all?userId=${salon.userId}&serviceIds=${haircut.id}`),
    await get(`/VacationDays/asAnonymous?userId=${salon.userId}&serviceIds=${haircut.id}`),
    await get(`/StaffMember/count/${salon.userId}`),
    await post(`/StaffMember/asAnonymous/${salon.userId}`, { serviceBookings: selection.serviceBookings }),
    await post("/Appointment/firstAvailableHourDay", { ...selection, ...dateParts(firstDay) }),
  ];
  for (const offset of [0, 1, 2, 1, 0])
    answers.push(await post("/Appointment/availableHours/month", { ...selection, ...monthStart(offset) }));
  for (let day = 1; day <= 12; day += 1) {
    answers.push(await post("/Appointment/availableHours", { ...selection, ...monthStart(0), day: Math.min(day * 2, 28) }));
  }
  return answers.map((answer) => answer.status);
}

describe("a visitor", () => {
  it("makes a widget's whole journey five times over within the minute and is never refused", async () => {
    for (let visit = 0; visit < 5; visit += 1) {
      const statuses = await journey("198.51.100.7");
      // Every one of its 28 reads answered.
      expect(statuses).toEqual(Array(28).fill(200));
    }
  });
});

describe("a flood from one address", () => {
  it("is refused beyond the limit with 429 too-many-reads and Retry-After, at once and without the database", async () => {
    // 1,000 month reads in parallel: at most the limit is answered, the rest refused.
    const answers = await Promise.all(Array.from({ length: 1000 }, () => month("203.0.113.9", firstDay, NO_PAGE)));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(answers.length - refused.length).toBeLessThanOrEqual(PER_ADDRESS);
    expect(refused.length).toBeGreaterThanOrEqual(1000 - PER_ADDRESS);
    const [first] = refused;
    expect(await first!.json()).toEqual({ message: expect.stringMatching(/Too many requests/), code: "too-many-reads" });
    const retryAfter = Number(first!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(first!.headers.get("access-control-allow-origin")).toBe("*");
    // Counted as the other limits' refusals are.
    const counted = (await api.metrics.refusedByLimit.get()).values.find((value) => value.labels.limit === "read:address");
    expect(counted?.value).toBe(refused.length);
    // Nothing reached the database: no counter row until the counts are shared.
    expect(await api.db.query("SELECT 1 FROM rate_counters WHERE scope LIKE 'read:%'")).toEqual([]);
  });

  it("gets its real answers, within the limit, and its neighbour is not refused", async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => month("203.0.113.10")));
    expect(answers.map((answer) => answer.status)).toEqual(Array(40).fill(200));
    await reads("203.0.113.10", PER_ADDRESS - 40);
    expect((await month("203.0.113.10")).status).toBe(429);
    expect((await month("203.0.113.11")).status).toBe(200);
  });

  it("is answered again once its minute is over, on the limits' clock; Retry-After says the seconds left", async () => {
    await reads("203.0.113.12", PER_ADDRESS);
    api.wallClock.set(new Date(api.wallClock.now().getTime() + 45_000));
    const refused = await month("203.0.113.12", firstDay, NO_PAGE);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("15");
    api.wallClock.set(new Date(api.wallClock.now().getTime() + 15_000));
    expect((await month("203.0.113.12", firstDay, NO_PAGE)).status).toBe(404);
  });
});

describe("a flood from many addresses of one network", () => {
  it("is refused beyond the network's limit (an IPv4 /24), and another network is not", async () => {
    const statuses: number[] = [];
    // Six addresses' full allowance each, of one /24: more than the network takes.
    for (let host = 1; host <= 6; host += 1) statuses.push(...(await reads(`192.0.2.${host}`, PER_ADDRESS)));
    expect(statuses.filter((status) => status !== 429)).toHaveLength(PER_NETWORK);
    expect((await month(`192.0.2.200`, firstDay, NO_PAGE)).status).toBe(429);
    expect((await month(`192.0.3.1`, firstDay, NO_PAGE)).status).toBe(404);
  });

  it("is refused beyond the network's limit over the /64s of one IPv6 /48", async () => {
    const statuses: number[] = [];
    for (let subnet = 1; subnet <= 6; subnet += 1) statuses.push(...(await reads(`2001:db8:7:${subnet}::1`, PER_ADDRESS)));
    expect(statuses.filter((status) => status !== 429)).toHaveLength(PER_NETWORK);
    expect((await month("2001:db8:8:1::1", firstDay, NO_PAGE)).status).toBe(404);
  });
});

describe("two processes", () => {
  it("share the count: the second refuses once the first has used the allowance and shared it", async () => {
    const second = await api.secondInstance();
    try {
      await reads("198.51.100.50", PER_ADDRESS);
      expect((await month("198.51.100.50", firstDay, NO_PAGE)).status).toBe(429);
      // Shared 20 seconds later: the window still began with the first read.
      api.wallClock.set(new Date(api.wallClock.now().getTime() + 20_000));
      await api.readLimits.flush();
      // The second process keeps a tenth of the limit to itself before it asks the total: then it refuses.
      const statuses = await reads("198.51.100.50", PER_ADDRESS / 10, second);
      expect(statuses.filter((status) => status === 429)).toEqual([]);
      await second.readLimits.flush();
      const refused = await month("198.51.100.50", firstDay, NO_PAGE);
      expect([refused.status, refused.headers.get("retry-after")]).toEqual([429, "40"]);
      // And an address the first process never saw is answered by the second.
      expect((await reads("198.51.100.51", 1, second))[0]).toBe(400);
    } finally {
      await second.close();
    }
  });

  it("add up their counts when both share them at once, none lost", async () => {
    const second = await api.secondInstance();
    try {
      for (let round = 0; round < 3; round += 1) {
        const asked = await Promise.all([
          reads("198.51.100.70", 40),
          reads("198.51.100.71", 40),
          reads("198.51.100.70", 40, second),
          reads("198.51.100.71", 40, second),
        ]);
        expect(asked.flat().filter((status) => status === 429)).toEqual([]);
        await Promise.all([api.readLimits.flush(), second.readLimits.flush()]);
      }
      const rows = await api.db.query<{ key: string; count: number }>(
        "SELECT key, count FROM rate_counters WHERE scope LIKE 'read:%' ORDER BY key",
      );
      expect(rows).toEqual([
        { key: "198.51.100.0/24", count: 480 },
        { key: "198.51.100.70", count: 240 },
        { key: "198.51.100.71", count: 240 },
      ]);
    } finally {
      await second.close();
    }
  });

  it("keep their counts while the database fails, and share them once it answers again", async () => {
    let down = true;
    const db = {
      query: <Row>(sql: string, params?: unknown[]) =>
        down ? Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")) : api.db.query<Row>(sql, params),
    };
    const errors: string[] = [];
    const counts = batchedCounts({
      db,
      logger: { ...silentLogger, error: (message) => errors.push(message) },
      wallClock: () => api.wallClock.now(),
    });
    const take = () => counts.take([[readLimits.perAddress, "198.51.100.60"]]);
    for (let i = 0; i < PER_ADDRESS; i += 1) expect(take()).toBeUndefined();
    await counts.flush();
    expect(errors).toEqual(["read counts flush failed"]);
    // Still refused from memory.
    expect(take()?.limit).toBe(readLimits.perAddress);
    down = false;
    await counts.flush();
    const [row] = await api.db.query<{ count: number }>("SELECT count FROM rate_counters WHERE scope = 'read:address' AND key = $1", [
      "198.51.100.60",
    ]);
    expect(row?.count).toBe(PER_ADDRESS);
  });
});

describe("the site's own reads", () => {
  // The site (demo/server/site.ts) over its own API, which trusts one proxy, as the server builds it.
  let site: Awaited<ReturnType<typeof createSite>>;
  let distDir: string;
  /** The site's API's read counts (its own, beside the test API's). */
  let siteLimits: ReadLimiter;

  beforeAll(async () => {
    // The built host page, as small as the site takes it (no widget build needed: the painter runs from source).
    distDir = `${mkdtempSync(join(tmpdir(), "read-limits-site-"))}/`;
    mkdirSync(join(distDir, "host"), { recursive: true });
    writeFileSync(
      join(distDir, "host/index.html"),
      '<!doctype html><html><head><title>Booking</title></head><body><div id="app"></div></body></html>',
    );
    const siteApi = createApi({
      db: api.db,
      clock: api.clock,
      logger: silentLogger,
      secret: DEMO_SECRET,
      trustedProxyHops: 1,
      metrics: api.metrics,
      readLimits: { wallClock: () => api.wallClock.now() },
    });
    site = await createSite({ api: siteApi, distDir, clock: api.clock });
    siteLimits = siteApi.readLimits;
  });
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));
  beforeEach(() => siteLimits.forget());

  const from = (address: string, path: string) => site.request(`${TEST_ORIGIN}${path}`, { headers: { "x-forwarded-for": address } });

  /** `count` requests for `path` from `address`, a few at a time; their statuses. */
  async function statuses(address: string, path: string, count: number) {
    const all: number[] = [];
    for (let done = 0; done < count; done += 50) {
      const answers = await Promise.all(Array.from({ length: Math.min(50, count - done) }, () => from(address, path)));
      all.push(...answers.map((answer) => answer.status));
    }
    return all;
  }

  describe("the painted first screen", () => {
    it("serves from its cache within the limit, then answers 429 too-many-reads with Retry-After to the loader on any site", async () => {
      expect(await statuses("198.51.100.20", "/api/first-screen/demo-salon", PER_ADDRESS)).toEqual(Array(PER_ADDRESS).fill(200));
      const refused = await from("198.51.100.20", "/widget/first-screen/demo-salon");
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: expect.any(String), code: "too-many-reads" });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(refused.headers.get("access-control-allow-origin")).toBe("*");
      // Keyed on the forwarded address: another visitor's copy is still served.
      const other = await from("198.51.100.21", "/widget/first-screen/demo-salon");
      expect(other.status).toBe(200);
      expect(((await other.json()) as { page: { bookingLink: string } }).page.bookingLink).toBe("demo-salon");
    });
  });

  describe("a booking page's host page", () => {
    it("counts with the API's reads from the same address", async () => {
      expect(await statuses("198.51.100.22", "/demo-salon", 100)).toEqual(Array(100).fill(200));
      const reads = await Promise.all(
        Array.from({ length: PER_ADDRESS - 100 }, () =>
          site.request(`${TEST_ORIGIN}/api/User/ByUser/demo-salon`, { headers: { "x-forwarded-for": "198.51.100.22" } }),
        ),
      );
      expect(reads.every((answer) => answer.status === 200)).toBe(true);
      expect((await from("198.51.100.22", "/demo-salon")).status).toBe(429);
      expect((await from("198.51.100.22", "/api/User/ByUser/demo-salon")).status).toBe(429);
      // The page itself, painted, for everyone else.
      const page = await from("198.51.100.23", "/demo-salon");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("data-booking-widget-preload");
    });
  });
});
