import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_PROVIDERS_FILE } from "../../demo/api/seed/demo-providers-file.ts";
import { bookingPage, bookingRequest, heldFullColor, hoursFor, loginToken, paymentRequest } from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { demoScript } from "../support/compiled-demo.ts";
import { runDemoCommand, runProvidersImport } from "../support/providers-import.ts";
import { refusedStart, type StartedServer, startServer } from "../support/start-server.ts";
import { startMessageGateway } from "../support/message-gateway.ts";
import { type StripeStandIn, startStripeStandIn } from "../support/stripe-stand-in.ts";
import { httpApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";

// Issue 28: `npm run start:production` holds nothing of the demo. It never seeds; booking
// pages come in through `npm run providers:import`; the payment simulator is not there;
// a must-pay booking with no payment gateway is refused; NODE_ENV=production alone and a
// weak API_SECRET do not start. With Stripe configured, webhook deliveries spread over two
// API processes on one PostgreSQL (api-postgres; on PGlite, which one process owns, one)
// confirm a booking once. These start real servers: slower than in-process tests.

const SECRET = randomBytes(32).toString("hex");
const WEBHOOK_SECRET = randomBytes(32).toString("hex");
const demoProviders = JSON.parse(readFileSync(DEMO_PROVIDERS_FILE, "utf8")) as {
  companies: { providers: { bookingLink: string }[] }[];
};

/** Messages the production start posts to its gateway (MESSAGE_WEBHOOK_URL). */
let gateway: Awaited<ReturnType<typeof startMessageGateway>>;
beforeAll(async () => {
  gateway = await startMessageGateway();
});
afterAll(() => gateway.close());

function postgresServerUrl(): string | undefined {
  try {
    return inject("postgresUrl");
  } catch {
    return undefined;
  }
}

/** An empty database for a production start: a PGlite folder, or a new PostgreSQL database (api-postgres). */
async function emptyDatabase(): Promise<{ env: Record<string, string>; shared: boolean }> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) return { env: { DATA_DIR: mkdtempSync(join(tmpdir(), "bw-production-")) }, shared: false };
  const { default: pg } = await import("pg");
  const name = `bw_production_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, shared: true };
}

const productionEnv = (database: Record<string, string>, extra: Record<string, string> = {}) => ({
  ...database,
  API_MODE: "production",
  API_SECRET: SECRET,
  PUBLIC_URL: "https://booking.example",
  MESSAGE_WEBHOOK_URL: gateway.url,
  MESSAGE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  ...extra,
});

async function startFailure(env: Record<string, string>): Promise<string> {
  const failure = await refusedStart(startServer(env));
  expect(failure.code).toBe(1);
  return failure.output;
}

describe("starts that are refused", { timeout: 60_000 }, () => {
  it("NODE_ENV=production without API_MODE=production does not start the demo, and says which to set", async () => {
    const output = await startFailure({ NODE_ENV: "production" });
    expect(output).toMatch(/NODE_ENV=production is set, but API_MODE is not/);
    expect(output).toMatch(/Set API_MODE=production/);
    expect(output).not.toMatch(/Demo mode/);
  });

  it("an API_SECRET without 32 bytes of randomness: blanks, repeats, short values", async () => {
    const { env } = await emptyDatabase();
    for (const [secret, why] of [
      [" ".repeat(32), /API_SECRET is blank/],
      ["x".repeat(64), /API_SECRET repeats one pattern/],
      [randomBytes(16).toString("hex"), /API_SECRET carries at most 128 bits of randomness, fewer than 256/],
    ] as const) {
      const output = await startFailure(productionEnv(env, { API_SECRET: secret }));
      expect(output).toMatch(why);
      expect(output).toMatch(/openssl rand -hex 32/);
    }
  });
});

describe("a production database holds only what was imported", { timeout: 120_000 }, () => {
  let database: Record<string, string>;
  let server: StartedServer;
  beforeAll(async () => {
    database = (await emptyDatabase()).env;
    server = await startServer(productionEnv(database));
  }, 60_000);
  afterAll(() => server?.stop());
  /** Imports with the server stopped (a PGlite folder belongs to one process), then starts it again once. */
  const withServerStopped = async <T>(work: () => Promise<T>): Promise<T> => {
    await server.stopped();
    try {
      return await work();
    } finally {
      server = await startServer(productionEnv(database));
    }
  };
  const importFile = (file: string) => runProvidersImport(file, database);

  it("a second process cannot open a PGlite folder the server holds (nor PostgreSQL's database be harmed by one)", async () => {
    const empty = join(mkdtempSync(join(tmpdir(), "bw-import-")), "empty.json");
    writeFileSync(empty, JSON.stringify({ companies: [] }));
    const beside = await runProvidersImport(empty, database);
    if (database.DATA_DIR) {
      expect(beside.code).toBe(1);
      expect(beside.output).toMatch(/The PGlite folder .* is in use by process \d+: stop it first/);
    } else expect(beside.code).toBe(0);
  });

  it("an empty database stays empty: no demo page, no demo customer", async () => {
    expect((await fetch(`${server.url}/api/User/ByUser/demo-salon`)).status).toBe(404);
    const login = await fetch(`${server.url}/api/CustomerAccount/byPhoneAndPassword`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "2125550123", password: "salon-demo-1", adminId: 1 }),
    });
    expect(login.status).toBe(404);
    expect((await fetch(`${server.url}/api/dev/outbox?to=2125550123`)).status).toBe(404);
    // No METRICS_TOKEN: production serves no metrics at all.
    expect(await (await fetch(`${server.url}/metrics`)).text()).not.toContain("booking_http_requests_total");
  });

  it("providers:import refuses a bad file whole, naming the line and the field, and writes nothing; the demo file imports", async () => {
    const dir = mkdtempSync(join(tmpdir(), "bw-import-"));
    const studio = {
      companies: [
        {
          id: "studio",
          name: "Studio",
          providers: [
            {
              bookingLink: "studio-one",
              companyName: "Studio One",
              openingHours: [{ dayOfWeek: 1, open: "09:00", close: "12:00" }],
              categories: [{ title: "Nails", services: [{ title: "Manicure", durationInMinutes: 30, price: 25 }] }],
            },
            {
              bookingLink: "studio-two",
              companyName: "Studio Two",
              timeZone: "Mars/Olympus",
              openingHours: [{ dayOfWeek: 1, open: "09:00", close: "25:00" }],
              categories: [],
            },
          ],
        },
      ],
    };
    const text = JSON.stringify(studio, null, 2);
    const lineOf = (needle: string) => text.split("\n").findIndex((line) => line.includes(needle)) + 1;
    writeFileSync(join(dir, "bad.json"), text);
    // Valid in shape, but its second page's link is taken once the first file is in: refused whole too.
    const valid = structuredClone(studio);
    valid.companies[0]!.providers[1] = { ...valid.companies[0]!.providers[0]!, bookingLink: "studio-two", companyName: "Studio Two" };
    writeFileSync(
      join(dir, "good.json"),
      JSON.stringify({ companies: [{ ...valid.companies[0]!, providers: [valid.companies[0]!.providers[1]!] }] }),
    );
    writeFileSync(join(dir, "taken.json"), JSON.stringify(valid, null, 2));
    const [bad, good, taken, demo] = await withServerStopped(async () => [
      await importFile(join(dir, "bad.json")),
      await importFile(join(dir, "good.json")),
      await importFile(join(dir, "taken.json")),
      await importFile(DEMO_PROVIDERS_FILE),
    ]);
    expect(bad!.code).toBe(1);
    expect(bad!.output).toContain("bad.json is refused, nothing of it was used:");
    expect(bad!.output).toContain(`line ${lineOf("Mars/Olympus")}, companies.0.providers.1.timeZone: must be an IANA time zone`);
    expect(bad!.output).toContain(`line ${lineOf('"25:00"')}, companies.0.providers.1.openingHours.0.close: must be HH:mm`);
    expect(good!.code).toBe(0);
    expect(taken!.code).toBe(1);
    expect(taken!.output).toMatch(/line \d+, companies\.0\.providers\.1\.bookingLink: "studio-two" exists already/);
    // Neither refused file left anything: studio-one came only with them.
    expect((await fetch(`${server.url}/api/User/ByUser/studio-one`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/User/ByUser/studio-two`)).status).toBe(200);
    expect(demo!.code).toBe(0);
    expect(demo!.output).toContain(demoProviders.companies[0]!.providers.map((p) => p.bookingLink).join(", "));
    expect((await fetch(`${server.url}/api/User/ByUser/demo-salon`)).status).toBe(200);
  });

  it("with the demo pages imported, no request sequence confirms a must-pay booking: no simulator, no gateway", async () => {
    const api = httpApi(server.url);
    const { provider: salon, services } = await bookingPage(api, "demo-salon");
    const color = services["Full color"]!;

    // The simulator is not mounted: its page and its buttons are no routes at all.
    expect((await api.request(`/payments/simulator?paymentId=${"a".repeat(32)}`)).status).toBe(404);
    expect((await api.request(`/payments/${"a".repeat(32)}/pay`, { method: "POST" })).status).toBe(404);
    // Starting a payment: no gateway for the page.
    const initiate = await api.postJson("/payu/initiate", paymentRequest("https://booking.example", { userId: salon.userId }));
    expect(initiate.status).toBe(400);
    expect((await initiate.json()).code).toBe("no-payment-provider");

    // Booking it, with or without a made-up payment id: refused, and nothing is held.
    const day = await hoursFor(api, salon, color, {}, expectedFirstDay("demo-salon", 120).iso);
    const token = await loginToken(api, salon, "2125550123", "salon-demo-1");
    const request = bookingRequest(salon, color, day.iso, day.hoursToBook[0]!.backendLabel, {
      phoneNumber: "2125550123",
      emailAddress: "taylor@example.com",
      customerAccountIdentificationCode: token,
      customFields: [],
    });
    const unpaid = await api.postJson(`/Appointment?userId=${salon.userId}`, request);
    expect(unpaid.status).toBe(400);
    expect((await unpaid.json()).code).toBe("no-payment-provider");
    const forged = await api.postJson(`/Appointment?userId=${salon.userId}`, { ...request, paymentId: "b".repeat(32) });
    expect(forged.status).toBe(400);
    const after = await hoursFor(api, salon, color, {}, day.iso);
    expect(after.hoursToBook.map((hour) => hour.backendLabel)).toEqual(day.hoursToBook.map((hour) => hour.backendLabel));
  });
});

// Production talks to Stripe's own API only (STRIPE_API_BASE is refused there: issue 41), so
// the stand-in is reached from the demo start, whose webhook route and settling are the same code.
describe("Stripe webhooks over two API processes (the demo start with a test key)", { timeout: 120_000 }, () => {
  let stripe: StripeStandIn;
  const servers: StartedServer[] = [];
  let database: Record<string, string>;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ now: () => TEST_NOW });
    const { env, shared } = await emptyDatabase();
    database = env;
    expect((await runProvidersImport(DEMO_PROVIDERS_FILE, env)).code).toBe(0);
    // Two processes need a database both reach: PostgreSQL. PGlite belongs to one process.
    for (let i = 0; i < (shared ? 2 : 1); i++) servers.push(await startServer({ ...env, ...stripe.env }));
  }, 120_000);
  afterAll(async () => {
    for (const server of servers) server.stop();
    await stripe?.close();
  });

  it("20 parallel deliveries of one paid event, spread over the processes, confirm the booking once with one receipt", async () => {
    const api = httpApi(servers[0]!.url);
    const { provider: salon } = await bookingPage(api, "demo-salon");
    const held = await heldFullColor(api);
    const started = await api.postJson(
      "/payu/initiate",
      paymentRequest(servers[0]!.url, { userId: salon.userId, appointmentId: held.id, paymentToken: held.paymentToken }),
    );
    expect(started.status).toBe(200);
    const { paymentId, redirectUrl } = (await started.json()) as { paymentId: string; redirectUrl: string };
    const sessionId = redirectUrl.split("/").at(-1)!;
    const delivery = stripe.signed(stripe.pay(sessionId));
    const receipts = async () => (await api.outbox("2125550123")).filter((message) => /Full color/.test(message.body)).length;
    const receiptsBefore = await receipts();

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetch(`${servers[index % servers.length]!.url}/api/payments/stripe/webhook`, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
          body: delivery.payload,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const handled = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { handled: boolean }).handled));
    expect(handled.filter(Boolean)).toHaveLength(1);
    expect(await (await api.request(`/payments/${paymentId}`)).json()).toMatchObject({ status: "paid", appointmentStatus: "confirmed" });
    expect(await receipts()).toBe(receiptsBefore + 1);
  });

  it("npm run appointments:cancel: the provider cancels the paid booking; the server's refund worker gives the $50 back and tells Taylor", async () => {
    const [paid] = [...stripe.sessions.values()].filter((session) => session.payment_status === "paid");
    const appointmentId = Number(paid!.metadata!.appointmentId);
    // A PGlite folder belongs to one process: the servers give it up while the command runs.
    for (const server of servers) await server.stopped();
    const cancelled = await runDemoCommand(demoScript("appointments-cancel"), [String(appointmentId)], {
      ...database,
      FIXED_NOW: TEST_NOW.toISOString(),
    });
    expect(cancelled.output).toContain(
      `Appointment ${appointmentId} is cancelled; the customer is told. 50.00 USD paid online goes back in full.`,
    );
    expect(cancelled.code).toBe(0);
    servers.splice(0, servers.length, await startServer({ ...database, ...stripe.env }));
    const again = httpApi(servers[0]!.url);
    await expect
      .poll(() => stripe.refunds.filter((refund) => refund.payment_intent === paid!.payment_intent).length, { timeout: 20_000 })
      .toBe(1);
    await expect
      .poll(async () => (await again.outbox("2125550123")).map((message) => message.subject), { timeout: 20_000 })
      .toContain("Demo Salon: payment refunded");
  });
});

describe("stopping: SIGKILL loses no message, SIGTERM finishes what is under way", { timeout: 120_000 }, () => {
  const METRICS_TOKEN = randomBytes(32).toString("hex");
  let env: Record<string, string>;
  beforeAll(async () => {
    env = (await emptyDatabase()).env;
    expect((await runProvidersImport(DEMO_PROVIDERS_FILE, env)).code).toBe(0);
  }, 60_000);

  it("messages queued or in flight when the process is killed are all delivered after the restart, none twice", async () => {
    let down = true;
    const hung = await startMessageGateway(() => (down ? "hang" : 200));
    const start = () =>
      startServer(productionEnv(env, { MESSAGE_WEBHOOK_URL: hung.url, MESSAGE_TIMEOUT_SECONDS: "1", TRUST_PROXY: "1", METRICS_TOKEN }));
    try {
      const first = await start();
      const phones = Array.from({ length: 30 }, (_, i) => String(2_125_550_400 + i));
      const asked = await Promise.all(
        phones.map((phone, i) =>
          fetch(`${first.url}/api/Appointment/verificationCode?userId=1`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i}` },
            body: JSON.stringify({ phoneNumber: phone, phoneNumberCountryCode: 1 }),
          }),
        ),
      );
      expect(asked.map((answer) => answer.status)).toEqual(Array(30).fill(200));
      // A batch is in flight (claimed, posted, unanswered) when the process dies.
      await expect.poll(() => hung.posts.length).toBeGreaterThan(0);
      await first.killed();
      down = false;
      hung.recover();
      const second = await start();
      try {
        await expect.poll(() => hung.delivered.length, { timeout: 30_000 }).toBe(30);
        expect(new Set(hung.delivered.map((message) => message.to))).toEqual(new Set(phones));
        // The operator's scraper sees it (with the token only): all sent, none waiting.
        expect((await fetch(`${second.url}/metrics`)).status).toBe(401);
        const scrape = async () => (await fetch(`${second.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
        // The gateway took some from the killed process: those are sent again (the same
        // idempotency key) once their claims run out, and then recorded sent.
        await expect.poll(scrape, { timeout: 30_000 }).toContain('booking_outbox_deliveries_total{channel="sms",outcome="sent"} 30');
        const scraped = await scrape();
        expect(scraped).toContain('booking_outbox_messages{status="pending"} 0');
        expect(scraped).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      } finally {
        await second.stopped();
      }
    } finally {
      await hung.close();
    }
  });

  it("SIGTERM: no new connection is taken; the request under way is answered, and the process exits 0 within 10 s", async () => {
    const server = await startServer(productionEnv(env, { METRICS_TOKEN }));
    const body = JSON.stringify({ phoneNumber: "2125550499", phoneNumberCountryCode: 1 });
    // A request whose body is still on its way when the signal comes (keep-alive, as browsers send).
    const request = httpRequest(`${server.url}/api/Appointment/verificationCode?userId=1`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), connection: "keep-alive" },
    });
    const answered = new Promise<number>((resolve, reject) => {
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode!));
      });
      request.on("error", reject);
    });
    request.write(body.slice(0, 10));
    await sleep(500);
    const signalled = Date.now();
    const exited = server.stopped();
    await sleep(500);
    // It has stopped accepting: a new connection is refused while the first request waits.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    request.end(body.slice(10));
    expect(await answered).toBe(200);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  });
});
