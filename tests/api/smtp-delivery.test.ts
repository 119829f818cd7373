import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { silentLogger } from "../../demo/api/logger.ts";
import { outboxSender, type OutboxSender } from "../../demo/api/outbox/outbox-sender.ts";
import { smtpDelivery } from "../../demo/api/outbox/smtp-delivery.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { bookingPage } from "../support/booking-helpers.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 30, "E-mail over SMTP with nodemailer": the outbox's e-mail leaves through a real
// SMTP conversation with an in-process smtp-server, which receives the whole message:
// a plain-text and an HTML part in the booking page's language; a server that refuses
// at first gets the same message again, with the same Message-ID.

let api: TestApi;
let clinic: Provider;
const keys = serverKeys(DEMO_SECRET);
let sender: OutboxSender | undefined;
let smtp: { received: { from: string; to: string[]; raw: string }[]; url: string; refuseNext: number; close(): Promise<void> };

beforeAll(async () => {
  api = await startTestApi();
  clinic = (await bookingPage(api, "demo-clinic")).provider;
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.reset();
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await sender?.stop();
  sender = undefined;
  await smtp.close();
});

/** An SMTP server on loopback that keeps every message it accepts (and refuses the first `refuseNext` with 451). */
async function startSmtpServer() {
  const received: { from: string; to: string[]; raw: string }[] = [];
  const state = { refuseNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        if (state.refuseNext > 0) {
          state.refuseNext -= 1;
          return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    get refuseNext() {
      return state.refuseNext;
    },
    set refuseNext(n: number) {
      state.refuseNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function startSender(retryDelaysMs = [20, 20, 20]) {
  const deliver = smtpDelivery(smtp.url, "Demo Clinic <booking@clinic.example>", 5_000);
  sender = outboxSender({ db: api.db, keys, logger: silentLogger, deliver, retryDelaysMs });
  sender.start(20);
}
/** The clinic verifies by e-mail: a code to `email`, in the page's language (`language`). */
async function askCode(email: string, language: string) {
  await api.db.query("UPDATE providers SET language = $2 WHERE id = $1", [clinic.userId, language]);
  const answer = await api.postJson(`/Appointment/verificationCode?userId=${clinic.userId}`, { emailAddress: email });
  expect(answer.status).toBe(200);
  const [message] = await api.outbox(email);
  return message!.code!;
}

describe("e-mail over SMTP", () => {
  it("sends the code as a real message: from, to, subject, a plain-text and an HTML part in the page's language", async () => {
    const code = await askCode("paz@example.com", "es");
    startSender();
    await expect
      .poll(async () => (await api.db.query("SELECT 1 FROM outbox_messages WHERE status = 'sent'")).length, { timeout: 10_000 })
      .toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe("booking@clinic.example");
    expect(mail!.to).toEqual(["paz@example.com"]);
    // "Demo Physio Clinic: código de verificación", encoded as headers are (RFC 2047), folded.
    expect(mail!.raw).toContain("Subject: =?UTF-8?Q?Demo_Physio_Clinic=3A_c=C3=B3digo_de_ver?=\r\n =?UTF-8?Q?ificaci=C3=B3n?=");
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(mail!.raw).toContain('lang=3D"es"');
    expect(mail!.raw).toMatch(/^Content-Language: es$/m);
    // The code in both parts.
    expect(mail!.raw.split(code).length - 1).toBeGreaterThanOrEqual(2);
  });

  it("a server that refuses twice (451) gets the message a third time, once, with the same Message-ID", async () => {
    await askCode("kim@example.com", "en");
    smtp.refuseNext = 2;
    startSender();
    await expect
      .poll(async () => (await api.db.query("SELECT 1 FROM outbox_messages WHERE status = 'sent'")).length, { timeout: 10_000 })
      .toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [row] = await api.db.query<{ attempts: number; key: string }>(`SELECT attempts, idempotency_key AS key FROM outbox_messages`);
    expect(row!.attempts).toBe(3);
    expect(smtp.received[0]!.raw).toMatch(new RegExp(`^Message-ID: <${row!.key}@booking-widget>$`, "m"));
  });
});
