import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { purgeExpired } from "../../demo/api/operations/purge.ts";
import { bookingPage, dateParts, hoursFor } from "../support/booking-helpers.ts";
import { seededOwner, signIn } from "../support/admin-session.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 30, "a periodic purge": limit windows, codes, idempotency keys, holds and old
// messages go once they can no longer matter, and nothing that still counts goes with
// them. On PGlite and PostgreSQL, on the API's injectable clock.

let api: TestApi;
let clinic: Provider;
beforeAll(async () => {
  api = await startTestApi();
  clinic = (await bookingPage(api, "demo-clinic")).provider;
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const count = async (table: string) => (await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe("purgeExpired", () => {
  it("keeps what still counts, and deletes it once it has expired", async () => {
    // A code (and the limits its sending counted), an idempotent request, a hold.
    await api.postJson(`/Appointment/verificationCode?userId=${clinic.userId}`, { emailAddress: "ola@example.com" });
    const physio = (await bookingPage(api, "demo-clinic")).services.Physiotherapy!;
    const day = await hoursFor(api, clinic, physio);
    const [hour, minute] = day.hoursToBook[0]!.backendLabel.split(":").map(Number) as [number, number];
    const held = await api.postJson("/Appointment/hold", {
      userId: clinic.userId,
      ...dateParts(day.iso),
      hour,
      minute,
      serviceBookings: [{ serviceId: physio.id }],
    });
    expect(held.status).toBe(200);
    await api.db.query(
      "INSERT INTO idempotent_requests (scope, key, request_digest, created_at) VALUES ('book', 'purge-test-key-1', 'digest', $1)",
      [api.clock.now()],
    );
    const before = {
      counters: await count("rate_counters"),
      codes: await count("one_time_codes"),
      keys: await count("idempotent_requests"),
      holds: await count("slot_holds"),
    };
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    // Now: nothing has expired yet.
    expect(await purgeExpired(api.db, api.clock.now(), new Date())).toEqual({});
    // Eleven minutes on, the hold has lapsed; sixteen, the code; a day, the windows and keys.
    api.clock.advanceMinutes(11);
    expect(await purgeExpired(api.db, api.clock.now(), new Date())).toEqual({ "lapsed holds": 1 });
    api.clock.advanceMinutes(5);
    expect(await purgeExpired(api.db, api.clock.now(), new Date())).toEqual({ "expired codes": before.codes });
    api.clock.advanceMinutes(24 * 60);
    expect(await purgeExpired(api.db, api.clock.now(), new Date())).toEqual({
      "limit windows over": before.counters,
      "idempotency keys past their day": before.keys,
    });
    expect(await count("outbox_messages")).toBe(1);
  });

  it("deletes a back-office session a day after it ended, and never one still open", async () => {
    const ended = await signIn(api, seededOwner("demo-clinic"));
    expect((await ended.request("/admin/session", { method: "DELETE" })).status).toBe(204);
    const open = await signIn(api, seededOwner("demo-clinic"));
    expect(await purgeExpired(api.db, api.clock.now(), new Date())).toEqual({});
    api.clock.advanceMinutes(24 * 60 + 1);
    expect((await purgeExpired(api.db, api.clock.now(), new Date()))["back-office sessions over"]).toBe(1);
    expect(await count("admin_sessions")).toBe(1);
    // The open one ran idle meanwhile (12 hours), but stays until its absolute end has passed by a day.
    expect((await open.request("/admin/session")).status).toBe(401);
  });

  it("deletes messages sent 30 days ago, on the wall clock, and never one still waiting", async () => {
    await api.postJson(`/Appointment/verificationCode?userId=${clinic.userId}`, { emailAddress: "ola@example.com" });
    await api.postJson(`/Appointment/verificationCode?userId=${clinic.userId}`, { emailAddress: "kim@example.com" });
    await api.db.query("UPDATE outbox_messages SET status = 'sent', sent_at = now() WHERE recipient = 'ola@example.com'");
    const in31Days = new Date(Date.now() + 31 * 24 * 3_600_000);
    expect(await purgeExpired(api.db, api.clock.now(), in31Days)).toMatchObject({ "messages sent 30 days ago": 1 });
    expect((await api.outbox("kim@example.com")).length).toBe(1);
  });
});
