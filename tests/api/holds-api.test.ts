import { describe, expect, it } from "vitest";
import { bookForAccount, dateParts, loginToken, moveAsCustomer } from "../support/booking-helpers.ts";
import { api, book, clinic, freeTimes, hold, holdBody, liveHolds, post, times, useClinicHolds } from "./clinic-holds.ts";

// Held times (demo/api/holds/README.md): a chosen time is held for its visitor for ten
// minutes; others see it taken. The limits the database keeps are in hold-limits.test.ts.
useClinicHolds();

describe("POST Appointment/hold", () => {
  it("holds a time for its visitor: others see it taken once every therapist's is held, the holder still sees and books it", async () => {
    const time = times[0]!;
    const first = await hold(time, { address: "198.51.100.1" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ holdToken: expect.stringMatching(/^[0-9a-f]{48}$/), secondsLeft: 600 });
    // Two therapists: one held, the time is still offered; both held, it is gone for others.
    expect(await freeTimes()).toContain(time);
    const second = await hold(time, { address: "198.51.100.2" });
    expect(second.status).toBe(200);
    expect(await freeTimes()).not.toContain(time);
    expect(await freeTimes(first.body.holdToken)).toContain(time);
    // A third visitor can neither hold nor book it: the server keeps the rule, not the widget.
    const third = await hold(time, { address: "198.51.100.3" });
    expect(third.status).toBe(409);
    expect(third.body).toEqual({ message: "This time has just been taken", code: "time-taken" });
    expect((await book(time)).status).toBe(409);
    // Each holder books their own held time, and the hold is gone with the booking.
    expect((await book(time, first.body.holdToken)).status).toBe(200);
    expect((await book(time, second.body.holdToken)).status).toBe(200);
    expect(await liveHolds()).toBe(0);
  });

  it("replaces the visitor's earlier hold: choosing another time gives the first one back", async () => {
    const a = await hold(times[0]!);
    await hold(times[0]!, { address: "198.51.100.2" });
    expect(await freeTimes()).not.toContain(times[0]);
    const b = await hold(times.at(-1)!, { token: a.body.holdToken });
    expect(b.status).toBe(200);
    expect(b.body.holdToken).toBe(a.body.holdToken);
    expect(await freeTimes()).toContain(times[0]);
    expect(await liveHolds()).toBe(2);
  });

  it("gives the time back on release, and only to the holder's own token", async () => {
    const [a, b] = [await hold(times[0]!), await hold(times[0]!, { address: "198.51.100.2" })];
    expect(await freeTimes()).not.toContain(times[0]);
    const stranger = "ab".repeat(24);
    expect(await (await post("/Appointment/hold/release", { userId: clinic.userId, holdToken: stranger })).json()).toEqual({
      released: false,
    });
    expect(await freeTimes()).not.toContain(times[0]);
    // As the widget sends it while the page goes away: text/plain, no preflight.
    const release = await api.request("/Appointment/hold/release", {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ userId: clinic.userId, holdToken: a.body.holdToken }),
    });
    expect(await release.json()).toEqual({ released: true });
    expect(await freeTimes()).toContain(times[0]);
    expect(b.status).toBe(200);
  });

  it("a reload holds again as the same visitor: the page's release, arriving after it, gives nothing back", async () => {
    const before = await hold(times[0]!);
    expect(before.body.holdId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // The reloaded page holds the kept time with the tab's token before the old page's release has arrived.
    const reloaded = await hold(times[0]!, { token: before.body.holdToken });
    expect(reloaded.status).toBe(200);
    expect(reloaded.body.holdId).not.toBe(before.body.holdId);
    const late = { userId: clinic.userId, holdToken: before.body.holdToken, holdId: before.body.holdId };
    expect(await (await post("/Appointment/hold/release", late)).json()).toEqual({ released: false });
    expect(await liveHolds()).toBe(1);
    expect(await freeTimes(reloaded.body.holdToken)).toContain(times[0]);
    // Its own release (naming the hold it has) gives it back.
    const own = { ...late, holdId: reloaded.body.holdId };
    expect(await (await post("/Appointment/hold/release", own)).json()).toEqual({ released: true });
    expect(await liveHolds()).toBe(0);
  });

  it("runs out after ten minutes: the time is free again, and the holder books it while it is", async () => {
    const a = await hold(times[0]!);
    await hold(times[0]!, { address: "198.51.100.2" });
    api.clock.advanceMinutes(9);
    expect(await freeTimes()).not.toContain(times[0]);
    api.clock.advanceMinutes(1);
    expect(await freeTimes()).toContain(times[0]);
    // Someone else may take it now; the late holder's token no longer holds anything.
    expect((await book(times[0]!, undefined, "198.51.100.3")).status).toBe(200);
    expect((await book(times[0]!, a.body.holdToken)).status).toBe(200);
    expect((await book(times[0]!, a.body.holdToken)).status).toBe(409);
  });

  it("refuses a My Page move onto a time other visitors hold", async () => {
    const kari = { phone: "41234567", password: "frisor-demo-1" };
    const { provider: frisor, service, day: target, id } = await bookForAccount(api, "demo-frisor", "Dameklipp", kari, 3);
    const time = target.hoursToBook.at(-1)!.backendLabel;
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    const wish = { userId: frisor.userId, ...dateParts(target.iso), hour, minute, serviceBookings: [{ serviceId: service.id }] };
    // Both hairdressers' time held by two visitors.
    expect((await post("/Appointment/hold", wish, "198.51.100.1")).status).toBe(200);
    expect((await post("/Appointment/hold", wish, "198.51.100.2")).status).toBe(200);
    const token = await loginToken(api, frisor, kari.phone, kari.password);
    const move = await moveAsCustomer(api, frisor, { phone: kari.phone, token }, id, { iso: target.iso, time, serviceIds: [service.id] });
    expect(move.status).toBe(409);
  });

  it("answers 400 for a time that can never be booked and for a malformed token", async () => {
    expect((await post("/Appointment/hold", holdBody("03:00"))).status).toBe(400);
    const bad = await post("/Appointment/hold", holdBody(times[0]!, "not-a-token"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Invalid hold field "holdToken": must be a hold token');
    expect(await liveHolds()).toBe(0);
  });
});
