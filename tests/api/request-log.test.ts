import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jsonLogger } from "../../demo/api/logger.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let lines: string[] = [];
let salon: number;
beforeAll(async () => {
  api = await startTestApi({ logger: jsonLogger((line) => lines.push(line)) });
  salon = await api.providerId("demo-salon");
});
beforeEach(() => {
  lines = [];
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did.
beforeEach(() => api.reset());

const requestLines = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.msg === "request");

describe("the request log", () => {
  it("writes one JSON line per request with its id, method, path, status and duration", async () => {
    const first = await api.request(`/User/${salon}`);
    await api.request("/User/ByUser/no-such-page", { headers: { "x-request-id": "proxy-id-12345" } });
    const id = first.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestLines()).toEqual([
      {
        time: expect.any(String),
        level: "info",
        msg: "request",
        requestId: id,
        method: "GET",
        path: `/api/User/${salon}`,
        status: 200,
        ms: expect.any(Number),
      },
      // A proxy's own request id is kept, so that its log and ours join.
      expect.objectContaining({ requestId: "proxy-id-12345", method: "GET", path: "/api/User/ByUser/no-such-page", status: 404 }),
    ]);
  });

  it("puts the request's id on every line written while it is handled; a made-up id is not taken", async () => {
    // An API behind a proxy warns, while handling it, about a request that bypassed the proxy.
    const proxied: string[] = [];
    const behindProxy = await startTestApi({ trustedProxyHops: 1, logger: jsonLogger((line) => proxied.push(line)) });
    try {
      const answer = await behindProxy.request(`/User/${salon}`, { headers: { "x-request-id": "<script>" } });
      const id = answer.headers.get("x-request-id")!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const written = proxied.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(written.map((entry) => entry.msg)).toEqual(["request without the trusted proxies' X-Forwarded-For", "request"]);
      expect(written.every((entry) => entry.requestId === id)).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });

  it("never writes a password, a login token or code, a phone number, an e-mail address or a query string", async () => {
    await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550123", password: "salon-demo-1", adminId: salon });
    await api.postJson("/CustomerAccount", {
      adminId: salon,
      phoneNumber: "2125550188",
      firstName: "Sky",
      emailAddress: "sky@example.com",
      password: "very-secret-9",
    });
    await api.request(`/Customer/FetchByToken/secret-token-123/${salon}/2125550123`);
    await api.request(
      `/Appointment/cancelByCustomer?appointmentId=1&customerToken=secret-token-456&phoneNumber=2125550123&userId=${salon}`,
      { method: "POST" },
    );
    await api.request(`/Customer/FetchByToken/417/${salon}/2125550124`);
    await api.request(`/payments/${"c".repeat(32)}`);
    const all = lines.join("\n");
    expect(all).not.toMatch(/salon-demo-1|very-secret-9|secret-token-123|secret-token-456|scrypt|cccccccccccccccc/);
    // Nor a phone number, an e-mail address or a My Page code (issue 29).
    expect(all).not.toMatch(/2125550123|2125550124|2125550188|sky@example\.com|\/417\//);
    expect(requestLines().map((entry) => entry.path)).toContain(`/api/Customer/FetchByToken/***/${salon}/***`);
  });
});
