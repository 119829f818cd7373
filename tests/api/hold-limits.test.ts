import { describe, expect, it } from "vitest";
import { api, book, clinic, hold, liveHolds, times, useClinicHolds } from "./clinic-holds.ts";

// The limits on held times, kept by the database: one hold per visitor, three per address,
// one per therapist. Apart from holds-api.test.ts because they test limits, not time rules:
// .ci/run runs that file again at other instants, not this one.
useClinicHolds();

describe("hold limits, kept by the database", () => {
  it("keeps one hold per visitor however many of their holds race", async () => {
    const { body } = await hold(times[0]!);
    const racing = await Promise.all(times.slice(1, 21).map((time) => hold(time, { token: body.holdToken })));
    expect(racing.filter((r) => r.status === 200).length).toBeGreaterThan(0);
    expect(await liveHolds()).toBe(1);
  });

  it("lets one address hold three times at once, under 1000 parallel requests; another address is not affected", async () => {
    const requests = Array.from({ length: 1000 }, (_, i) => hold(times[i % times.length]!, { address: "203.0.113.9" }));
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.status === 200).length).toBe(3);
    expect(answers.filter((a) => a.status === 429).length).toBe(997);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.response.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(
      (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM slot_holds WHERE client_address = '203.0.113.9'"))[0]!
        .count,
    ).toBe(3);
    expect((await hold(times.at(-1)!, { address: "203.0.113.10" })).status).toBe(200);
  }, 60_000); // 1000 requests on one PGlite: seconds alone, near 20 s when CI runs two instants side by side

  it("answers a fourth hold from one address with 429 until one of its three runs out", async () => {
    for (const time of times.slice(0, 3)) expect((await hold(time)).status).toBe(200);
    const fourth = await hold(times[3]!);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe("Too many times are held from your network. Book one of them, or wait a few minutes.");
    expect(Number(fourth.response.headers.get("retry-after"))).toBe(600);
    api.clock.advanceMinutes(10);
    expect((await hold(times[3]!)).status).toBe(200);
  });

  it("lets exactly as many of 50 racing visitors hold one time as there are therapists", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => hold(times[0]!, { address: `198.51.100.${i + 1}` })));
    expect(answers.filter((a) => a.status === 200).length).toBe(2);
    expect(answers.filter((a) => a.status === 409).length).toBe(48);
  });

  it("never lets a hold and a booking share a therapist's time: 40 racing holds and bookings, two winners", async () => {
    const racing = Array.from({ length: 40 }, (_, i) =>
      i % 2
        ? hold(times[0]!, { address: `198.51.100.${i + 1}` }).then((a) => a.status)
        : Promise.resolve(book(times[0]!, undefined, `198.51.100.${i + 1}`)).then((r) => r.status),
    );
    const statuses = await Promise.all(racing);
    expect(statuses.filter((status) => status === 200).length).toBe(2);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    // The winners, booked or held: one per therapist.
    const taken = await api.db.query<{ staff: number }>(
      `SELECT staff_member_id AS staff FROM appointments WHERE provider_id = $1 AND first_name = 'Ola Nordmann' AND status <> 'cancelled'
       UNION ALL SELECT staff_member_id FROM slot_holds WHERE provider_id = $1`,
      [clinic.userId],
    );
    expect(taken).toHaveLength(2);
    expect(new Set(taken.map((row) => row.staff)).size).toBe(2);
  });
});
