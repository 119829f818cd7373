import { startMessageGateway } from "../support/message-gateway.ts";
import { webhookSignature } from "../../demo/api/outbox/messenger.ts";
import { describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { paymentRequest } from "../support/booking-helpers.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_PROVIDERS_FILE } from "../../demo/api/seed/demo-providers-file.ts";
import { runProvidersImport } from "../support/providers-import.ts";
import { ServerExit, startServer, type StartedServer } from "../support/start-server.ts";

// Issue 14 items 13 and 17: `npm start` is the demo (its outbox announced, readable);
// the production start has no outbox, puts nothing secret in its log, refuses to start
// without its secrets, and serves no source maps. Both send security headers.

// 32 random bytes, as `openssl rand -hex 32` gives (a fixed one: the test needs no other).
const SECRET = "9f1c2b7e4a6d8035c1e9b2f47a3d6e8c0b5f1a9d2e7c4b6a8f3d0e1c9b7a5f2d";
const WEBHOOK_SECRET = "3b8e1f6a9c2d7e4b0a5f8c1d6e3b9a7f2c4e0d8b6a1f5c9e7d3b2a0f4c6e8d1b";

async function output(server: Promise<StartedServer>): Promise<string> {
  try {
    (await server).stop();
    return "";
  } catch (error) {
    return error instanceof ServerExit ? error.output : String(error);
  }
}

describe("the demo start (npm start)", { timeout: 60_000 }, () => {
  it("announces the outbox as a demo convenience and serves it; host pages send their security headers", async () => {
    const logged: string[] = [];
    const server = await startServer({}, (chunk) => logged.push(chunk));
    try {
      await expect.poll(() => logged.join("")).toMatch(/Demo mode: SMS and e-mail are not sent[\s\S]*\/api\/dev\/outbox\?to=/);
      const sent = await fetch(`${server.url}/api/Appointment/verificationCode?userId=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phoneNumber: "2125550150", phoneNumberCountryCode: 1 }),
      });
      expect(sent.status).toBe(200);
      const [message] = (await (await fetch(`${server.url}/api/dev/outbox?to=2125550150`)).json()) as { code: string }[];
      expect(message!.code).toMatch(/^\d{5}$/);

      const booking = await fetch(`${server.url}/demo-salon`);
      expect(booking.headers.get("content-security-policy")).toMatch(/default-src 'self'.*frame-ancestors \*/);
      expect(booking.headers.get("x-content-type-options")).toBe("nosniff");
      expect(booking.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      const myPage = await fetch(`${server.url}/demo-salon/min-side`);
      expect(myPage.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(myPage.headers.get("x-frame-options")).toBe("DENY");
      expect(myPage.headers.get("referrer-policy")).toBe("no-referrer");
      // However My Page's path is spelled, it is never served framable: odd spellings lead to the one spelling.
      for (const odd of ["/demo-salon/min%2Dside?c=123", "//demo-salon//min-side?c=123", "/demo-salon/min-side/?c=123"]) {
        const redirected = await fetch(`${server.url}${odd}`, { redirect: "manual" });
        expect(redirected.status).toBe(308);
        expect(redirected.headers.get("location")).toBe("/demo-salon/min-side?c=123");
        expect(redirected.headers.get("content-security-policy")).toBeNull();
        const followed = await fetch(`${server.url}${odd}`);
        expect(followed.url).toBe(`${server.url}/demo-salon/min-side?c=123`);
        expect(followed.headers.get("x-frame-options")).toBe("DENY");
      }
      expect((await fetch(`${server.url}/widget/booking-widget.js.map`)).status).toBe(200);
      // What an orchestrator asks: the process answers, and it is ready to serve.
      expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      server.stop();
    }
  });
});

describe("the demo's wallet (npm start with Vipps MobilePay's keys)", { timeout: 60_000 }, () => {
  // Issue 57 point 6: VIPPS_API_BASE=https://api.vipps.no started the demo on the production API, as "a stand-in".
  it("refuses to start on Vipps MobilePay's production API, however the address is spelled, and says what to set", async () => {
    const keys = {
      VIPPS_CLIENT_ID: "fb492b5e-7907-4d83-bc20-c7fb60ca35de",
      VIPPS_CLIENT_SECRET: "Y8Kteew6GE3ZmeycEt6egg==",
      VIPPS_SUBSCRIPTION_KEY: "da7d5b0e18a84aeda961c0c31b75c2a9",
      VIPPS_MSN: "123456",
    };
    const refused = await output(startServer({ ...keys, VIPPS_API_BASE: "https://API.vipps.no:443/" }));
    expect(refused).toMatch(
      /Start refused: VIPPS_API_BASE names Vipps MobilePay's production API \(api\.vipps\.no\): the demo never takes real money/,
    );
    expect(refused).toMatch(/VIPPS_TEST_MODE=1 for the test environment \(apitest\.vipps\.no\)/);
    expect(refused).not.toMatch(/"msg":"listening"/);
  });
});

/** A request with a Host header of its own choosing (fetch does not let a caller set Host). */
function withHost(url: string, host: string, method: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: { host, "content-type": "application/json" } }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on("error", reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe("the demo's own addresses and its proxies", { timeout: 60_000 }, () => {
  it("without PUBLIC_URL, builds payment return addresses only on its own listening addresses, never on a forged Host", async () => {
    const server = await startServer({});
    try {
      const { port } = new URL(server.url);
      const initiate = (host: string, origin: string) => withHost(`${server.url}/api/payu/initiate`, host, "POST", paymentRequest(origin));
      const forged = await initiate("evil.example", "http://evil.example");
      expect(forged.status).toBe(400);
      expect(JSON.parse(forged.text).message).toBe(`Invalid payment field "successUrl": must be an address on http://localhost:${port}`);
      // Its own names answer as before: localhost and the loopback address it listens on.
      expect((await initiate(`localhost:${port}`, `http://localhost:${port}`)).status).toBe(200);
      expect((await initiate(`127.0.0.1:${port}`, `http://127.0.0.1:${port}`)).status).toBe(200);
    } finally {
      server.stop();
    }
  });

  it("with TRUST_PROXY, warns at start that addresses come from X-Forwarded-For, and when a request bypasses the proxy", async () => {
    const logged: string[] = [];
    const server = await startServer({ TRUST_PROXY: "1" }, (chunk) => logged.push(chunk));
    try {
      await expect
        .poll(() => logged.join(""))
        .toMatch(/"level":"warn","msg":"client addresses are taken from X-Forwarded-For","trustProxy":1/);
      await fetch(`${server.url}/api/User/ByUser/demo-salon`, { headers: { "x-forwarded-for": "192.0.2.1" } });
      expect(logged.join("")).not.toMatch(/request without the trusted proxies/);
      await fetch(`${server.url}/api/User/ByUser/demo-salon`);
      await expect.poll(() => logged.join("")).toMatch(/"level":"warn","msg":"request without the trusted proxies' X-Forwarded-For"/);
    } finally {
      server.stop();
    }
  });
});

describe("the production start (API_MODE=production)", { timeout: 60_000 }, () => {
  it("refuses to start without a secret, the public address and the message gateway, naming each", async () => {
    const refused = await output(startServer({ API_MODE: "production" }));
    expect(refused).toMatch(/Production start refused/);
    expect(refused).toMatch(/API_SECRET/);
    expect(refused).toMatch(/PUBLIC_URL/);
    expect(refused).toMatch(/MESSAGE_WEBHOOK_URL/);
    expect(refused).toMatch(/MESSAGE_WEBHOOK_SECRET/);
    const demoSecret = await output(
      startServer({
        API_MODE: "production",
        API_SECRET: "demo-secret-for-npm-start-only-never-in-production",
        PUBLIC_URL: "https://booking.example",
        MESSAGE_WEBHOOK_URL: "http://127.0.0.1:9/",
      }),
    );
    expect(demoSecret).toMatch(/API_SECRET/);
  });

  it("sends messages to the gateway only: no outbox, no code or link in the log, no source maps", async () => {
    const gateway = await startMessageGateway();
    const { delivered } = gateway;
    const logged: string[] = [];
    // Production never seeds: its booking pages are imported first.
    const dataDir = mkdtempSync(join(tmpdir(), "bw-production-"));
    expect((await runProvidersImport(DEMO_PROVIDERS_FILE, { DATA_DIR: dataDir })).code).toBe(0);
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        API_MODE: "production",
        API_SECRET: SECRET,
        PUBLIC_URL: "https://booking.example",
        MESSAGE_WEBHOOK_URL: gateway.url,
        MESSAGE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      (chunk) => logged.push(chunk),
    );
    try {
      const sent = await fetch(`${server.url}/api/Appointment/verificationCode?userId=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phoneNumber: "2125550151", phoneNumberCountryCode: 1 }),
      });
      expect(sent.status).toBe(200);
      // Delivered after the answer, by the outbox's sender, signed and with its idempotency key.
      await expect.poll(() => delivered.length).toBe(1);
      expect(delivered[0]).toMatchObject({ channel: "sms", to: "2125550151" });
      const [post] = gateway.posts;
      const [, timestamp] = /^t=(\d+),v1=[0-9a-f]{64}$/.exec(post!.signature ?? "") ?? [];
      expect(post!.signature).toBe(webhookSignature(WEBHOOK_SECRET, Number(timestamp), post!.rawBody));
      expect(post!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
      const code = /\b(\d{5})\b/.exec(delivered[0]!.body)![1]!;
      expect((await fetch(`${server.url}/api/dev/outbox?to=2125550151`)).status).toBe(404);
      expect((await fetch(`${server.url}/widget/booking-widget.js.map`)).status).toBe(404);
      const log = logged.join("");
      expect(log).toContain('"msg":"message sent"');
      expect(log).not.toContain(code);
      expect(log).not.toContain("2125550151");
      expect(log).not.toContain('"msg":"outbox"');
      expect(log).not.toMatch(/Demo mode/);
    } finally {
      server.stop();
      await gateway.close();
    }
  });
});
