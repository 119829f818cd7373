import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { VerificationType } from "../../src/contract/enumerations.ts";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { bookingPage, bookingRequest, dateParts, hoursFor } from "../support/booking-helpers.ts";
import { aCategory, aCompany, aFixture, aProvider, aService, aStaffMember, inNewYork, openOn } from "../support/builders.ts";
import { startMessageGateway } from "../support/message-gateway.ts";
import { freePort, initCluster, type PgCluster, standbyOf, withPgClient } from "../support/pg-cluster.ts";
import { runProvidersImport } from "../support/providers-import.ts";
import { type StartedServer, startServer } from "../support/start-server.ts";
import { httpApi } from "../support/test-api.ts";
import { seedFile } from "../support/test-seed-file.ts";

// Issue 44, point 3: a failover loses nothing. A primary with a synchronous standby
// (pg_basebackup), the production server on a multi-host DATABASE_URL with
// target_session_attrs=read-write, and a storm of 300 bookings, holds and code requests.
// In the middle of it the primary is killed with -9 and the standby promoted, as a
// failover manager would. The server is never restarted.

const clinic = aProvider("failover-clinic", "Failover Clinic", {
  ...inNewYork,
  openingHours: openOn([0, 1, 2, 3, 4, 5, 6], "08:00", "20:00"),
  customerCanSelectStaff: true,
  appointmentDistributionInMinutes: 30,
  customerReceiptAndReminderMode: ["email"],
  maxDaysInAdvanceForBooking: 30,
  categories: [aCategory("", aService("Treatment", { durationInMinutes: 30 }))],
  staff: ["Ada", "Ben", "Cleo", "Dag", "Eli", "Fay"].map((name) => aStaffMember(`${name} Staff`, { allServices: true })),
});

// The code requests go to a page that verifies by phone (its codes are SMS in the outbox).
const verifying = aProvider("failover-verified", "Failover Verified", { ...inNewYork, verificationType: VerificationType.Phone });

const METRICS_TOKEN = randomBytes(32).toString("hex");
const scrape = () => fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

let primary: PgCluster;
let standby: PgCluster;
let server: StartedServer;
let gateway: Awaited<ReturnType<typeof startMessageGateway>>;
const serverOutput: string[] = [];

beforeAll(async () => {
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  primary = await initCluster(primaryPort);
  await primary.start();
  standby = await standbyOf(primary, standbyPort);
  await standby.start();
  // From now on every commit waits for the standby's flush: what the API answered 200 survives the primary.
  // (Set after the base backup, which would otherwise copy it: a promoted standby would wait for a standby of its own.)
  await primary.sql("ALTER SYSTEM SET synchronous_standby_names = 'standby'", "SELECT pg_reload_conf()");
  await vi.waitFor(async () => expect((await primary.sql("SELECT sync_state FROM pg_stat_replication"))[0]?.sync_state).toBe("sync"), {
    timeout: 20_000,
    interval: 100,
  });
  const databaseUrl = `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/postgres?target_session_attrs=read-write`;
  const imported = await runProvidersImport(seedFile(aFixture(aCompany("failover", "Failover", clinic, verifying))), {
    DATABASE_URL: databaseUrl,
  });
  expect(imported.code, imported.output).toBe(0);
  gateway = await startMessageGateway();
  server = await startServer(
    {
      DATABASE_URL: databaseUrl,
      API_MODE: "production",
      API_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_URL: "https://booking.example",
      MESSAGE_WEBHOOK_URL: gateway.url,
      MESSAGE_WEBHOOK_SECRET: randomBytes(32).toString("hex"),
      METRICS_TOKEN: METRICS_TOKEN,
      // Each visitor of the storm comes from an address of its own (the limits per address are not what is tested here).
      TRUST_PROXY: "1",
    },
    (chunk) => serverOutput.push(chunk),
  );
}, 120_000);

afterAll(async () => {
  await server?.stopped();
  await gateway?.close();
  await Promise.all([primary?.remove(), standby?.remove()]);
});

interface Answer {
  status: number;
  retryAfter: string | null;
  code: string | undefined;
  body: unknown;
}

/** One request as a visitor at `address` sends it; a failure to get any answer is status 0. */
async function send(path: string, body: unknown, address: string, key?: string): Promise<Answer> {
  try {
    const response = await fetch(`${server.url}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address, ...(key ? { "idempotency-key": key } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => undefined)) as { code?: string } | undefined;
    return { status: response.status, retryAfter: response.headers.get("retry-after"), code: json?.code, body: json };
  } catch (error) {
    return { status: 0, retryAfter: null, code: String(error), body: undefined };
  }
}

it("kill -9 of the primary under 300 requests: no answered booking lost, no time booked twice, no 500, the process lives on", async () => {
  const api = httpApi(server.url);
  const { provider, services } = (await bookingPage(api, "failover-clinic")) as { provider: Provider; services: Record<string, Service> };
  const treatment = services.Treatment!;
  const { provider: verifyingPage } = await bookingPage(api, "failover-verified");
  const staffIds = (await (
    await api.postJson(`/StaffMember/asAnonymous/${provider.userId}`, { serviceBookings: [{ serviceId: treatment.id }] })
  ).json()) as { id: number }[];
  expect(staffIds).toHaveLength(6);
  // 200 bookings: each staff member at each time of the first days (none collides); holds on a day after them.
  const slots: { iso: string; time: string; staffMemberId: number }[] = [];
  let day = treatment.firstAvailable!;
  const heldDay: { iso: string; times: string[] } = { iso: "", times: [] };
  while (slots.length < 200) {
    const hours = (await hoursFor(api, provider, treatment, {}, day)).hoursToBook.map((hour) => hour.backendLabel);
    for (const time of hours) for (const { id } of staffIds) if (slots.length < 200) slots.push({ iso: day, time, staffMemberId: id });
    day = nextDay(day);
  }
  heldDay.iso = day;
  heldDay.times = (await hoursFor(api, provider, treatment, {}, day)).hoursToBook.map((hour) => hour.backendLabel);

  const requests: (() => Promise<{ kind: string; key?: string; phone?: string; answers: Answer[] }>)[] = [];
  slots.forEach((slot, index) => {
    const key = `storm-booking-${index}`;
    const request = bookingRequest(provider, treatment, slot.iso, slot.time, {
      staffMemberId: slot.staffMemberId,
      emailAddress: `visitor${index}@example.com`,
      phoneNumber: `21255${String(index).padStart(5, "0")}`,
      customFields: [],
    });
    requests.push(async () => ({ kind: "book", key, answers: await bookUntilAnswered(request, visitor(index), key) }));
  });
  for (let index = 0; index < 50; index++) {
    const time = heldDay.times[index % heldDay.times.length]!;
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    const hold = { userId: provider.userId, ...dateParts(heldDay.iso), hour, minute, serviceBookings: [{ serviceId: treatment.id }] };
    requests.push(async () => ({ kind: "hold", answers: [await send("/Appointment/hold", hold, visitor(1000 + index))] }));
    const code = { phoneNumber: `31255${String(index).padStart(5, "0")}`, phoneNumberCountryCode: 1, firstName: "Storm" };
    requests.push(async () => ({
      kind: "code",
      phone: code.phoneNumber,
      answers: [await send(`/Appointment/verificationCode?userId=${verifyingPage.userId}`, code, visitor(2000 + index))],
    }));
  }
  shuffle(requests);

  // 40 at a time; the primary dies after the 60th answer, the standby is promoted 1.5 s later.
  let answered = 0;
  let failover: Promise<void> | undefined;
  let outage: { ready: number; metrics: number; text: string } | undefined;
  const results: Awaited<ReturnType<(typeof requests)[number]>>[] = [];
  const queue = [...requests];
  await Promise.all(
    Array.from({ length: 40 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        results.push(await next());
        answered += 1;
        if (answered === 60)
          failover = (async () => {
            await primary.crash();
            // With no primary: not ready, and the metrics still answer (the gauges read from it are NaN).
            const [ready, metrics] = await Promise.all([fetch(`${server.url}/readyz`), scrape()]);
            outage = { ready: ready.status, metrics: metrics.status, text: await metrics.text() };
            await new Promise((resolve) => setTimeout(resolve, 1500));
            await standby.promote();
          })();
      }
    }),
  );
  await failover;

  expect([outage?.ready, outage?.metrics]).toEqual([503, 200]);
  expect(outage?.text.split("\n").filter((line) => line.startsWith("booking_outbox_oldest_pending_seconds"))).toEqual([
    "booking_outbox_oldest_pending_seconds Nan",
  ]);
  expect(Number(/^booking_database_unavailable_total (\d+)/m.exec(await (await scrape()).text())?.[1])).toBeGreaterThan(0);
  const every = results.flatMap((result) => result.answers);
  // Never a 500 and never a dropped connection: a failure is a 503 with Retry-After and its code.
  expect(every.filter((answer) => answer.status === 0 || (answer.status >= 500 && answer.status !== 503))).toEqual([]);
  const unavailable = every.filter((answer) => answer.status === 503);
  expect(unavailable.length, `the kill was felt by some requests: ${JSON.stringify(tally(results))}`).toBeGreaterThan(0);
  // Each says why: the database could not serve (service-unavailable), or, while requests waited on it, the
  // process had as many at work and waiting as it takes (overloaded: issue 58's load shedding).
  for (const answer of unavailable)
    expect([
      ["2", "service-unavailable"],
      ["1", "overloaded"],
    ]).toContainEqual([answer.retryAfter, answer.code]);
  expect(unavailable.some((answer) => answer.code === "service-unavailable")).toBe(true);

  // Every booking ended answered (its retries with the same key) and every one was booked.
  const bookings = results.filter((result) => result.kind === "book");
  const finals = bookings.map((result) => result.answers.at(-1)!);
  expect(finals.filter((answer) => answer.status !== 200)).toEqual([]);

  // What the API answered is on the new primary: each booking once, no time twice.
  await withPgClient(standby.url(), async (promoted) => {
    const booked = new Map(
      (
        await promoted.query<{ id: number; staff: number; starts: Date }>(
          "SELECT id, staff_member_id AS staff, starts_at AS starts FROM appointments WHERE status <> 'cancelled'",
        )
      ).rows.map((row) => [row.id, row]),
    );
    const answeredIds = finals.map((answer) => (answer.body as { id: number }).id);
    expect(new Set(answeredIds).size).toBe(200);
    for (const id of answeredIds) expect(booked.has(id), `booking ${id} answered 200`).toBe(true);
    expect(booked.size).toBe(200);
    const times = [...booked.values()].map((row) => `${row.staff} ${row.starts.toISOString()}`);
    expect(new Set(times).size).toBe(times.length);
    // Each key's booking once: its kept answer names the appointment that is there.
    const keys = (
      await promoted.query<{ n: number }>("SELECT count(*)::int AS n FROM idempotent_requests WHERE scope = 'book' AND status = 200")
    ).rows[0]!.n;
    expect(keys).toBe(200);

    // Each hold answered 200 is there too.
    const heldIds = results
      .filter((result) => result.kind === "hold" && result.answers[0]!.status === 200)
      .map((result) => (result.answers[0]!.body as { holdId: string }).holdId);
    expect(heldIds.length).toBeGreaterThan(0);
    const holds = (
      await promoted.query<{ id: string }>("SELECT hold_id::text AS id FROM slot_holds WHERE hold_id = ANY($1::uuid[])", [heldIds])
    ).rows;
    expect(holds).toHaveLength(heldIds.length);

    // Each receipt reaches the gateway, once per message (its Idempotency-Key).
    const receipts = (
      await promoted.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outbox_messages WHERE subject <> '' AND recipient LIKE 'visitor%'",
      )
    ).rows[0]!.n;
    expect(receipts).toBe(200);
    await expect
      .poll(() => new Set(gateway.delivered.filter((m) => m.to.startsWith("visitor")).map((m) => m.to)).size, { timeout: 60_000 })
      .toBe(200);
    const perRecipient = new Map<string, number>();
    for (const message of gateway.delivered)
      if (message.to.startsWith("visitor")) perRecipient.set(message.to, (perRecipient.get(message.to) ?? 0) + 1);
    expect([...perRecipient.values()].every((count) => count === 1)).toBe(true);
    // Each code answered 200 reaches its phone once; one answered 503 at most once (its commit may have landed before the answer was lost).
    const codes = results.filter((result) => result.kind === "code");
    const sentTo = (phone: string) => gateway.delivered.filter((message) => message.to.includes(phone)).length;
    await expect
      .poll(() => codes.filter((c) => c.answers[0]!.status === 200).every((c) => sentTo(c.phone!) === 1), { timeout: 60_000 })
      .toBe(true);
    expect(codes.filter((c) => sentTo(c.phone!) > 1)).toEqual([]);
    expect(codes.filter((c) => ![200, 503].includes(c.answers[0]!.status))).toEqual([]);
  });

  // The same process, never restarted: ready on the new primary.
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status, serverOutput.join("").slice(-2000)).toBe(200);
  expect(serverOutput.join("")).not.toMatch(/"msg":"unhandled error"/);
}, 240_000);

/** A booking sent as the widget sends it, and again with the same key after a 503 or while the first is still running. */
async function bookUntilAnswered(request: unknown, address: string, key: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  const path = `/Appointment?userId=${(request as { userId: number }).userId}`;
  const until = Date.now() + 90_000;
  for (;;) {
    const answer = await send(path, request, address, key);
    answers.push(answer);
    const retry =
      answer.status === 503 ||
      (answer.status === 409 && (answer.code === "idempotency-key-in-flight" || answer.code === "idempotency-key-free-again"));
    if (!retry || Date.now() > until) return answers;
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.retryAfter ?? 1)));
  }
}

const tally = (results: { answers: Answer[] }[]) => {
  const counts: Record<string, number> = {};
  for (const answer of results.flatMap((result) => result.answers))
    counts[`${answer.status} ${answer.code ?? ""}`] = (counts[`${answer.status} ${answer.code ?? ""}`] ?? 0) + 1;
  return counts;
};

/** A visitor's own address: one per /24, so no two share a network's limits. */
const visitor = (index: number) => `10.${(index >> 8) & 255}.${index & 255}.7`;

function nextDay(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The same order on every run: a shuffle by a fixed sequence. */
function shuffle<T>(items: T[]): void {
  let seed = 44;
  for (let index = items.length - 1; index > 0; index--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const other = seed % (index + 1);
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
}
