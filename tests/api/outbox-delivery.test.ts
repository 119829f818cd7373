import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { silentLogger } from "../../demo/api/logger.ts";
import { webhookDelivery } from "../../demo/api/outbox/messenger.ts";
import { enqueueMessage } from "../../demo/api/outbox/outbox.ts";
import { outboxSender, type OutboxSender } from "../../demo/api/outbox/outbox-sender.ts";
import { apiMetrics, type ApiMetrics } from "../../demo/api/operations/metrics.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { bookingPage, bookingRequest, hoursFor, verifiedToken } from "../support/booking-helpers.ts";
import { startMessageGateway } from "../support/message-gateway.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 30, "A durable outbox": a message is a row written with what caused it, and a
// sender delivers it after commit, so that no answer waits for a gateway; a dropped
// message is tried again, and two processes never send one row twice. Real parallel
// requests on PGlite (api) and on PostgreSQL (api-postgres, two connection pools).

let api: TestApi;
let salon: Provider;
const keys = serverKeys(DEMO_SECRET);
const WEBHOOK_SECRET = randomBytes(32).toString("hex");
const senders: OutboxSender[] = [];

beforeAll(async () => {
  api = await startTestApi({ trustedProxyHops: 1 });
  salon = (await bookingPage(api, "demo-salon")).provider;
});
afterAll(() => api.close());
beforeEach(() => api.reset());
afterEach(async () => {
  for (const sender of senders.splice(0)) await sender.stop();
});

/** A sender of the API's outbox to `url`, as the production start runs one (short waits for the tests). */
function startSender(
  url: string,
  db = api.db,
  options: { attemptTimeoutMs?: number; retryDelaysMs?: number[]; metrics?: ApiMetrics } = {},
) {
  const sender = outboxSender({
    db,
    keys,
    logger: silentLogger,
    deliver: webhookDelivery(url, WEBHOOK_SECRET),
    attemptTimeoutMs: options.attemptTimeoutMs ?? 2_000,
    retryDelaysMs: options.retryDelaysMs ?? [50, 50, 50, 50],
    batchSize: 10,
    metrics: options.metrics,
  });
  senders.push(sender);
  sender.start(20);
  return sender;
}
const askCode = (phone: string, address: string) =>
  api.request(`/Appointment/verificationCode?userId=${salon.userId}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ phoneNumber: phone, phoneNumberCountryCode: 1 }),
  });
const statuses = async () =>
  Object.fromEntries(
    (
      await api.db.query<{ status: string; count: number }>("SELECT status, count(*)::int AS count FROM outbox_messages GROUP BY status")
    ).map((row) => [row.status, row.count]),
  );
const phone = (i: number) => String(3_125_550_300 + i);

describe("no answer waits for a gateway", () => {
  it("with the gateway hung, 12 parallel code requests and a catalogue call all answer; the codes arrive once it recovers", async () => {
    let down = true;
    const gateway = await startMessageGateway(() => (down ? "hang" : 200));
    try {
      startSender(gateway.url, api.db, { attemptTimeoutMs: 1_000 });
      // A first message puts the sender on the hung gateway.
      expect((await askCode(phone(99), "198.51.100.99")).status).toBe(200);
      await expect.poll(() => gateway.posts.length).toBeGreaterThan(0);
      const answers = await Promise.all([
        ...Array.from({ length: 12 }, (_, i) => askCode(phone(i), `198.51.100.${i}`)),
        api.request(`/Service/asAnonymous?userId=${salon.userId}`),
      ]);
      // Every answer came while the gateway was still hung: none of them waited for it.
      expect(down).toBe(true);
      expect(answers.map((answer) => answer.status)).toEqual(Array(13).fill(200));
      expect(gateway.delivered).toEqual([]);
      down = false;
      gateway.recover();
      await expect.poll(statuses, { timeout: 15_000 }).toEqual({ sent: 13 });
      expect(gateway.delivered).toHaveLength(13);
      expect(new Set(gateway.delivered.map((message) => message.to)).size).toBe(13);
    } finally {
      await gateway.close();
    }
  });
});

describe("a message the gateway drops is tried again", () => {
  it("a gateway answering 500 three times, then 200: delivered once, with one idempotency key", async () => {
    const gateway = await startMessageGateway((_, index) => (index < 3 ? 500 : 200));
    try {
      expect((await askCode(phone(1), "198.51.100.1")).status).toBe(200);
      startSender(gateway.url);
      await expect.poll(statuses, { timeout: 10_000 }).toEqual({ sent: 1 });
      expect(gateway.delivered).toHaveLength(1);
      expect(gateway.posts).toHaveLength(4);
      expect(new Set(gateway.posts.map((post) => post.idempotencyKey)).size).toBe(1);
      const [row] = await api.db.query<{ status: string; attempts: number; body: string }>(
        "SELECT status, attempts, body FROM outbox_messages",
      );
      // Sent, and its body (a code) no longer kept.
      expect(row).toEqual({ status: "sent", attempts: 4, body: "" });
    } finally {
      await gateway.close();
    }
  });

  it("after the last attempt the message is failed, logged and counted, and nothing else is held up", async () => {
    const gateway = await startMessageGateway((post) => (post.message.to === phone(1) ? 503 : 200));
    try {
      await askCode(phone(1), "198.51.100.1");
      await askCode(phone(2), "198.51.100.2");
      const metrics = apiMetrics(api.db);
      startSender(gateway.url, api.db, { retryDelaysMs: [20, 20], metrics });
      await expect.poll(async () => (await statuses()).failed ?? 0, { timeout: 10_000 }).toBe(1);
      expect(gateway.delivered.map((message) => message.to)).toEqual([phone(2)]);
      expect(gateway.posts.filter((post) => post.message.to === phone(1))).toHaveLength(3);
      // Counted: each attempt by its outcome, and the failed one in the outbox's gauge.
      const scraped = await metrics.registry.metrics();
      expect(scraped).toContain('booking_outbox_deliveries_total{channel="sms",outcome="failed"} 1');
      expect(scraped).toContain('booking_outbox_deliveries_total{channel="sms",outcome="retried"} 2');
      expect(scraped).toContain('booking_outbox_deliveries_total{channel="sms",outcome="sent"} 1');
      expect(scraped).toContain('booking_outbox_messages{status="failed"} 1');
      expect(scraped).toContain('booking_outbox_messages{status="pending"} 0');
      const [failed] = await api.db.query<{ lastError: string }>(
        `SELECT last_error AS "lastError" FROM outbox_messages WHERE status = 'failed'`,
      );
      expect(failed!.lastError).toBe("the message gateway answered 503");
    } finally {
      await gateway.close();
    }
  });
});

describe("two processes never send one row twice", () => {
  it("200 queued messages, two senders with their own connections: each delivered exactly once", async () => {
    await api.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++)
        await enqueueMessage(tx, keys, { channel: "sms", to: phone(i), subject: "", body: `message ${i}` }, new Date());
    });
    const gateway = await startMessageGateway();
    const other = await api.secondInstance();
    try {
      // Attempts long enough that none times out on a loaded machine: a repeat here could only be a second claim.
      startSender(gateway.url, api.db, { attemptTimeoutMs: 15_000 });
      startSender(gateway.url, other.db, { attemptTimeoutMs: 15_000 });
      await expect.poll(statuses, { timeout: 20_000 }).toEqual({ sent: 200 });
      // Not a single repeat reached the gateway: every post has its own key.
      expect(gateway.posts).toHaveLength(200);
      expect(new Set(gateway.posts.map((post) => post.idempotencyKey)).size).toBe(200);
    } finally {
      for (const sender of senders.splice(0)) await sender.stop();
      await other.close();
      await gateway.close();
    }
  });
});

describe("channels", () => {
  it("a receipt asked for on WhatsApp and by SMS goes to the gateway twice, each naming its channel", async () => {
    const { provider: clinic, services } = await bookingPage(api, "demo-clinic");
    const physio = services.Physiotherapy!;
    const day = await hoursFor(api, clinic, physio);
    const token = await verifiedToken(api, clinic, { emailAddress: "ola@example.com", phoneNumber: "3125550199" });
    const booked = await api.postJson(
      `/Appointment?userId=${clinic.userId}`,
      bookingRequest(clinic, physio, day.iso, day.hoursToBook[0]!.backendLabel, {
        customerAccountIdentificationCode: token,
        smsReceipt: true,
        whatsappReceipt: true,
        emailReceipt: false,
      }),
    );
    expect(booked.status).toBe(200);
    const gateway = await startMessageGateway();
    try {
      startSender(gateway.url);
      const receipts = () => gateway.delivered.filter((message) => message.body.includes("Physiotherapy"));
      await expect.poll(() => receipts().length, { timeout: 10_000 }).toBe(2);
      expect(receipts().map(({ channel, to }) => ({ channel, to }))).toEqual(
        expect.arrayContaining([
          { channel: "sms", to: "3125550199" },
          { channel: "whatsapp", to: "3125550199" },
        ]),
      );
    } finally {
      await gateway.close();
    }
  });
});
