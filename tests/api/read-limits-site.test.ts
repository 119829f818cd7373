import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApi } from "../../demo/api/app.ts";
import { type ReadLimiter, readLimits } from "../../demo/api/limits/read-limits.ts";
import { silentLogger } from "../../demo/api/logger.ts";
import { DEMO_SECRET } from "../../demo/api/secrets/server-keys.ts";
import { createSite } from "../../demo/server/site.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

// Issue 58, point 2: the site's own reads of a booking page (its host page and painted
// first screen, answered from a short cache) count against the read limits as the API's
// reads do, keyed on the forwarded address (TRUST_PROXY), and keep serving within them.

let api: TestApi;
let site: Awaited<ReturnType<typeof createSite>>;
let distDir: string;
/** The site's API's read counts (its own, beside the test API's). */
let siteLimits: ReadLimiter;

beforeAll(async () => {
  api = await startTestApi();
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
afterAll(async () => {
  await api.close();
  rmSync(distDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await api.reset();
  siteLimits.forget();
});

const PER_ADDRESS = readLimits.perAddress.max;
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
