import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { bookingPage, bookingRequest, dateParts, hoursFor } from "../support/booking-helpers.ts";
import { aCategory, aCompany, aFixture, aProvider, aService, aStaffMember, inNewYork, openOn } from "../support/builders.ts";
import { freePort, initCluster, type PgCluster, standbyOf } from "../support/pg-cluster.ts";
import { type StartedServer, startServer } from "../support/start-server.ts";
import { type ApiCalls, httpApi } from "../support/test-api.ts";
import { seedFile } from "../support/test-seed-file.ts";

// Issue 44, point 2: public availability and catalogue reads from a real streaming replica
// (pg_basebackup), skipped while it lags more than READ_REPLICA_MAX_LAG_SECONDS or is
// down (READ_REPLICA_MAX_LAG_SECONDS, its default 5 here); every write and every check
// that decides stays on the primary.

const studio = aProvider("replica-studio", "Replica Studio", {
  ...inNewYork,
  openingHours: openOn([0, 1, 2, 3, 4, 5, 6], "09:00", "17:00"),
  appointmentDistributionInMinutes: 60,
  categories: [aCategory("", aService("Session", { durationInMinutes: 60 }))],
  staff: [aStaffMember("Ada Lovelace", { allServices: true })],
});

let primary: PgCluster;
let standby: PgCluster;
let server: StartedServer;
let api: ApiCalls;
let provider: Provider;
let session: Service;

beforeAll(async () => {
  primary = await initCluster(await freePort());
  await primary.start();
  standby = await standbyOf(primary, await freePort());
  await standby.start();
  server = await startServer({
    // Where each read goes is what is tested: no answer reused from a moment ago (answer-reuse.ts).
    AVAILABILITY_REUSE_MS: "0",
    SEED_FILE: seedFile(aFixture(aCompany("replica", "Replica", studio))),
    DATABASE_URL: primary.url(),
    DATABASE_READ_URL: standby.url(),
  });
  api = httpApi(server.url);
  // The seed went to the primary; the replica serves the page once it has replayed that far
  // (its lag is tolerated up to READ_REPLICA_MAX_LAG_SECONDS).
  await vi.waitFor(async () => expect((await api.request("/User/ByUser/replica-studio")).status).toBe(200), {
    timeout: 30_000,
    interval: 200,
  });
  ({
    provider,
    services: { Session: session },
  } = (await bookingPage(api, "replica-studio")) as never);
}, 120_000);

afterAll(async () => {
  await server?.stopped();
  await Promise.all([primary?.remove(), standby?.remove()]);
});

const ready = async () => (await (await fetch(`${server.url}/readyz`)).json()) as { status: string; readReplica?: { state: string } };
const replicaState = async () => (await ready()).readReplica?.state;
const metric = async (line: RegExp) => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return Number(
    text
      .split("\n")
      .find((row) => line.test(row))
      ?.split(" ")
      .at(-1) ?? Number.NaN,
  );
};
const timesOn = async (iso: string) => (await hoursFor(api, provider, session, {}, iso)).hoursToBook.map((hour) => hour.backendLabel);

it("serves availability from the replica, refuses on the primary a time the replica still shows, and skips a replica that lags or is down", async () => {
  await vi.waitFor(async () => expect(await replicaState()).toBe("in-use"), { timeout: 20_000, interval: 200 });
  const day = session.firstAvailable!;
  const [first, second] = await timesOn(day);
  expect(await metric(/^booking_lag_tolerant_reads\{target="replica"\}/)).toBeGreaterThan(0);

  // The replica stops replaying: what the primary writes from now on, it does not show.
  await standby.sql("SELECT pg_wal_replay_pause()");
  const booked = await api.postJson(
    `/Appointment?userId=${provider.userId}`,
    bookingRequest(provider, session, day, first!, { customFields: [] }),
  );
  expect(booked.status).toBe(200);
  // Within the allowed lag the replica still answers, and shows the booked time as free ...
  expect(await timesOn(day)).toContain(first);
  // ... which the primary refuses: a hold (time-taken) and a booking (occupied), as any time taken since it was shown.
  const hold = await api.postJson("/Appointment/hold", {
    userId: provider.userId,
    ...dateParts(day),
    hour: Number(first!.slice(0, 2)),
    minute: Number(first!.slice(3)),
    serviceBookings: [{ serviceId: session.id }],
  });
  expect([hold.status, ((await hold.json()) as { code: string }).code]).toEqual([409, "time-taken"]);
  const again = await api.postJson(
    `/Appointment?userId=${provider.userId}`,
    bookingRequest(provider, session, day, first!, { customFields: [], emailAddress: "other@example.com", phoneNumber: "3125550111" }),
  );
  expect([again.status, ((await again.json()) as { code: string }).code]).toEqual([409, "occupied"]);

  // Past the allowed lag it is skipped: readiness and metrics say so, and the reads come from the primary.
  await vi.waitFor(async () => expect(await replicaState()).toBe("lagging"), { timeout: 20_000, interval: 200 });
  expect((await ready()).status).toBe("ready");
  expect(await metric(/^booking_read_replica_state\{state="lagging"\}/)).toBe(1);
  expect(await timesOn(day)).not.toContain(first);

  // Caught up again: back in use, and it shows the booking.
  await standby.sql("SELECT pg_wal_replay_resume()");
  await vi.waitFor(async () => expect(await replicaState()).toBe("in-use"), { timeout: 20_000, interval: 200 });
  const replicaReads = await metric(/^booking_lag_tolerant_reads\{target="replica"\}/);
  expect(await timesOn(day)).toEqual(expect.arrayContaining([second]));
  expect(await timesOn(day)).not.toContain(first);
  expect(await metric(/^booking_lag_tolerant_reads\{target="replica"\}/)).toBeGreaterThan(replicaReads);

  // Down: skipped at once, and every read answered from the primary (never a 5xx).
  await standby.stop();
  const page = await api.request("/User/ByUser/replica-studio");
  expect(page.status).toBe(200);
  expect(await timesOn(day)).not.toContain(first);
  await vi.waitFor(async () => expect(await replicaState()).toBe("down"), { timeout: 20_000, interval: 200 });
  expect((await ready()).status).toBe("ready");
  expect(await metric(/^booking_read_replica_lag_seconds /)).toBe(-1);
});
