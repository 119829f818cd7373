import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { COMPRESS_FROM_BYTES } from "../../demo/api/compressed-answers.ts";
import { bookingPage } from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// The API's JSON answers are compressed as the client accepts: a month of hours is
// ~100 KB of JSON, a few KB compressed (demo/api/compressed-answers.ts).

let api: TestApi;
let salon: Provider;
let services: Record<string, Service>;

beforeAll(async () => {
  api = await startTestApi();
  ({ provider: salon, services } = await bookingPage(api, "demo-salon"));
});
afterAll(() => api.close());

const month = (acceptEncoding?: string) => {
  const [year, month] = expectedFirstDay("demo-salon", 240).iso.split("-").map(Number) as [number, number];
  return api.request("/Appointment/availableHours/month", {
    method: "POST",
    headers: { "content-type": "application/json", ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    body: JSON.stringify({ userId: salon.userId, year, month, day: 1, serviceBookings: [{ serviceId: services["Women's haircut"]!.id }] }),
  });
};

describe("the API's answers, compressed as the client accepts", () => {
  it("sends a month of hours as brotli or gzip, the same JSON once decoded, and plain to a client that accepts neither", async () => {
    const plain = await month();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toContain("Accept-Encoding");
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(COMPRESS_FROM_BYTES);

    const br = await month("gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.byteLength).toBeLessThan(json.length / 5);
    expect(brotliDecompressSync(brBytes).toString()).toBe(json);

    const gzip = await month("gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(json);
  });

  it("compresses the other JSON answers too: the page's services", async () => {
    const path = `/Service/asAnonymous?userId=${salon.userId}`;
    const json = await (await api.request(path)).text();
    expect(json.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    const br = await api.request(path, { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(json);
  });

  it("sends a short answer, a refusal among them, as it is, with its status and headers", async () => {
    const refused = await api.request("/Appointment/availableHours/month", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-encoding": "br" },
      body: JSON.stringify({ userId: salon.userId, year: 2026, month: 13, day: 1, serviceBookings: [] }),
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await refused.json()).toMatchObject({ message: expect.any(String) });
  });
});
