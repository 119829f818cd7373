import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import { AdminChangesSchema, type AdminDay, AdminDaySchema } from "../../src/contract/admin/day.ts";
import { addDays } from "../../src/contract/zoned-time.ts";
import type { AdminAccess } from "../../demo/api/admin/admin-access.ts";
import { adminOf } from "../support/admin-stub-guard.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";
import { adminSite, at, type Salon, salonOf, seed, testDay, visitorBooks, visitorHolds } from "./admin-day-salon.ts";

// Issue 59 point 4: the day's calendar as GET /api/admin/day answers it, and the changes
// feed an open calendar polls. Sign-in is stubbed (tests/support/admin-stub-guard.ts).
let api: TestApi;
let salon: Salon;
let who: AdminAccess | null;
let site: ReturnType<typeof adminSite>;
beforeAll(async () => {
  api = await startTestApi({ seed });
  salon = await salonOf(api);
  site = adminSite(api, () => who);
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.reset();
  who = adminOf(salon.provider.userId);
});

const day = async (query: string) => {
  const response = await site.get(`/admin/day?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(AdminDaySchema, await response.json());
};
const column = (answer: AdminDay, staffId: number) => answer.columns.find((c) => c.staffMember.id === staffId)!.days[0]!;

describe("the day", () => {
  it("shows each staff member's hours, breaks, buffers, a visitor's hold, an unpaid booking and a group class's places", async () => {
    expect((await visitorBooks(api, salon, "Haircut", "10:00", salon.kari)).status).toBe(200);
    const unpaid = await visitorBooks(api, salon, "Color", "14:00", salon.ola, { phone: "2125550144", name: "Paula Payer" });
    expect(unpaid.body.status).toBe("awaiting_payment");
    for (const [phone, name] of [
      ["2125550155", "Yara Yogi"],
      ["2125550166", "Yusuf Yogi"],
    ] as const)
      expect((await visitorBooks(api, salon, "Yoga class", "15:00", salon.kari, { phone, name })).status).toBe(200);
    await visitorHolds(api, salon, "Haircut", "10:00", salon.ola);

    const answer = await day(`date=${testDay}`);
    expect(answer).toMatchObject({ from: testDay, to: testDay, timeZone: "America/New_York", currency: "USD" });
    expect(answer.columns.map((c) => c.staffMember)).toEqual([
      { id: salon.kari, name: "Kari Stylist" },
      { id: salon.ola, name: "Ola Stylist" },
    ]);
    const kari = column(answer, salon.kari);
    expect(kari).toMatchObject({
      date: testDay,
      away: false,
      hours: [{ start: at("09:00"), end: at("17:00") }],
      breaks: [{ start: at("12:00"), end: at("12:30") }],
      pauses: [],
      holds: [],
    });
    expect(
      kari.appointments.map((a) => [a.start, a.end, a.blocked, a.state, a.customerName, a.services.map((s) => s.title), a.group]),
    ).toEqual([
      [at("10:00"), at("11:00"), { start: at("10:00"), end: at("11:15") }, "booked", "Vera Visitor", ["Haircut"], null],
      [at("15:00"), at("16:00"), { start: at("15:00"), end: at("16:00") }, "booked", "Yara Yogi", ["Yoga class"], { taken: 2, places: 3 }],
      [at("15:00"), at("16:00"), { start: at("15:00"), end: at("16:00") }, "booked", "Yusuf Yogi", ["Yoga class"], { taken: 2, places: 3 }],
    ]);
    const ola = column(answer, salon.ola);
    expect(ola.breaks).toEqual([]);
    // The hold is busy time, with nobody's name.
    expect(ola.holds).toEqual([
      { staffMemberId: salon.ola, blocked: { start: at("10:00"), end: at("11:15") }, expiresAt: expect.any(String) },
    ]);
    expect(ola.appointments).toEqual([
      expect.objectContaining({
        id: unpaid.body.id,
        state: "awaitingPayment",
        customerName: "Paula Payer",
        holdExpiresAt: expect.any(String),
      }),
    ]);
    expect(ola.appointments[0]).toMatchObject({ phone: "2125550144", email: "vera@example.com" });
  });

  it("shows one person's week, and refuses a week of everyone", async () => {
    expect((await visitorBooks(api, salon, "Haircut", "10:00", salon.ola)).status).toBe(200);
    const week = await day(`date=${testDay}&days=7&staff=${salon.ola}`);
    expect(week.columns).toHaveLength(1);
    expect(week.columns[0]!.days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(testDay, i)));
    expect(week.columns[0]!.days[0]!.appointments).toHaveLength(1);
    // The salon is closed on Sundays: that date has no hours.
    expect(week.columns[0]!.days.some((d) => d.hours.length === 0)).toBe(true);
    expect((await site.get(`/admin/day?date=${testDay}&days=7`)).status).toBe(400);
  });

  it("shows a past day's pause and a vacation as they were", async () => {
    const past = addDays(testDay, -14);
    await api.db.query("INSERT INTO staff_pauses (staff_member_id, pause_date, start_time, end_time) VALUES ($1, $2, '15:00', '16:00')", [
      salon.kari,
      past,
    ]);
    await api.db.query("INSERT INTO vacation_days (provider_id, staff_member_id, from_date, to_date) VALUES ($1, $2, $3, $3)", [
      salon.provider.userId,
      salon.ola,
      past,
    ]);
    const answer = await day(`date=${past}`);
    expect(column(answer, salon.kari).pauses).toEqual([{ start: at("15:00", past), end: at("16:00", past) }]);
    expect(column(answer, salon.ola)).toMatchObject({ away: true, hours: [] });
  });

  it("refuses a bad date, a days value off its list, and an unknown query key", async () => {
    for (const query of ["date=tomorrow", `date=${testDay}&days=3`, `date=${testDay}&sort=name`, ""]) {
      const response = await site.get(`/admin/day?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^Invalid query/);
    }
  });
});

describe("the day's waitlist", () => {
  it("lists the entries waiting for the day and the offers of its times, an own scope only those of its staff member", async () => {
    const entry = async (staffId: number | null) =>
      (
        await api.db.query<{ id: number }>(
          `INSERT INTO waitlist_entries (provider_id, customer_id, service_ids, staff_member_id, days, after_time, created_at, ends_at)
           VALUES ($1, $2, $3, $4, $5::date[], '13:00', $6, $7) RETURNING id`,
          [salon.provider.userId, salon.customerId, [salon.services.Haircut!.id], staffId, [testDay], api.clock.now(), at("23:59")],
        )
      )[0]!.id;
    const forKari = await entry(salon.kari);
    const forAnyone = await entry(null);
    await api.db.query(
      `INSERT INTO waitlist_offers (entry_id, provider_id, customer_id, staff_member_id, starts_at, ends_at, held, token_digest, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, true, 'digest', $7, $8)`,
      [
        forKari,
        salon.provider.userId,
        salon.customerId,
        salon.kari,
        at("14:00"),
        at("15:00"),
        api.clock.now(),
        new Date(api.clock.now().getTime() + 15 * 60_000),
      ],
    );
    const { waitlist } = await day(`date=${testDay}`);
    expect(waitlist.entries.map((e) => [e.id, e.customerName, e.services.map((s) => s.title), e.staffMemberId, e.dates, e.after])).toEqual([
      [forKari, "Nora Regular", ["Haircut"], salon.kari, [testDay], "13:00"],
      [forAnyone, "Nora Regular", ["Haircut"], null, [testDay], "13:00"],
    ]);
    expect(waitlist.entries[0]).toMatchObject({ phone: "2125550123", email: "nora@example.com" });
    expect(waitlist.offers).toEqual([
      expect.objectContaining({ entryId: forKari, staffMemberId: salon.kari, start: at("14:00"), held: true, state: "open" }),
    ]);
    // Another day has none; Ola, under own scope, sees neither Kari's entry nor her offer.
    expect((await day(`date=${addDays(testDay, 1)}`)).waitlist).toEqual({ entries: [], offers: [] });
    who = adminOf(salon.provider.userId, { staffMemberId: salon.ola, role: { name: "Stylist", scope: "own" } });
    expect((await day(`date=${testDay}`)).waitlist).toEqual({ entries: [], offers: [] });
  });
});

describe("what a role reaches of the day", () => {
  it("shows an own-scope staff member only their column, and never another's or another provider's", async () => {
    await visitorBooks(api, salon, "Haircut", "10:00", salon.kari);
    await visitorBooks(api, salon, "Haircut", "10:00", salon.ola);
    who = adminOf(salon.provider.userId, { staffMemberId: salon.ola, role: { name: "Stylist", scope: "own", settings: "none" } });
    const answer = await day(`date=${testDay}`);
    expect(answer.columns.map((c) => c.staffMember.id)).toEqual([salon.ola]);
    expect((await site.get(`/admin/day?date=${testDay}&staff=${salon.kari}`)).status).toBe(404);
    // A week of their own needs no staff id.
    expect((await day(`date=${testDay}&days=7`)).columns.map((c) => c.staffMember.id)).toEqual([salon.ola]);
    who = adminOf(salon.provider.userId);
    expect((await site.get(`/admin/day?date=${testDay}&staff=${salon.other.staffId}`)).status).toBe(404);
  });

  it("drops every phone number and e-mail address for a role that hides contacts", async () => {
    await visitorBooks(api, salon, "Haircut", "10:00", salon.kari);
    who = adminOf(salon.provider.userId, { role: { name: "Front desk", hideContacts: true } });
    const text = await (await site.get(`/admin/day?date=${testDay}`)).text();
    expect(text).toContain("Vera Visitor");
    expect(text).not.toMatch(/phone|email|2125550177|vera@example/);
  });

  it("answers 401 without a session and 403 to a role without appointments Read", async () => {
    who = null;
    expect((await site.get(`/admin/day?date=${testDay}`)).status).toBe(401);
    expect((await site.get("/admin/changes?after=1")).status).toBe(401);
    who = adminOf(salon.provider.userId, { role: { name: "Accounts", appointments: "none" } });
    expect((await site.get(`/admin/day?date=${testDay}`)).status).toBe(403);
    expect((await site.get("/admin/changes?after=1")).status).toBe(403);
  });
});

describe("the changes feed", () => {
  it("lists a booking made in the widget after the calendar was read, and nothing new after it", async () => {
    const { cursor } = await day(`date=${testDay}`);
    expect(v.parse(AdminChangesSchema, await (await site.get(`/admin/changes?after=${cursor}`)).json()).changes).toEqual([]);
    const booked = await visitorBooks(api, salon, "Haircut", "13:00", salon.kari);
    expect(booked.status).toBe(200);
    const first = v.parse(AdminChangesSchema, await (await site.get(`/admin/changes?after=${cursor}`)).json());
    expect(first).toMatchObject({
      more: false,
      changes: [{ appointmentId: booked.body.id, staffMemberId: salon.kari, start: at("13:00") }],
    });
    // From the new cursor: nothing new. (A transaction still running elsewhere when the cursor was
    // taken holds it back, so the same booking may be listed again: never missed, sometimes twice.)
    const second = v.parse(AdminChangesSchema, await (await site.get(`/admin/changes?after=${first.cursor}`)).json());
    expect(second.changes.filter((change) => change.appointmentId !== booked.body.id)).toEqual([]);
    expect(BigInt(second.cursor) >= BigInt(first.cursor)).toBe(true);
  });

  it("keeps another provider's bookings, and another's column under own scope, out of it", async () => {
    const { cursor } = await day(`date=${testDay}`);
    await visitorBooks(api, salon, "Haircut", "10:00", salon.kari);
    who = adminOf(salon.provider.userId, { staffMemberId: salon.ola, role: { name: "Stylist", scope: "own" } });
    expect((await (await site.get(`/admin/changes?after=${cursor}`)).json()) as object).toMatchObject({ changes: [] });
    who = adminOf(salon.other.providerId);
    expect((await (await site.get(`/admin/changes?after=${cursor}`)).json()) as object).toMatchObject({ changes: [] });
  });

  it("refuses a cursor it did not give", async () => {
    expect((await site.get("/admin/changes?after=abc")).status).toBe(400);
    expect((await site.get("/admin/changes")).status).toBe(400);
  });
});
