import type { Fixture } from "../../demo/api/seed/fixture.ts";
import { startTestApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { percentile } from "./statistics.ts";

export const STAFF_SIZES = [1, 5, 20, 50] as const;

/**
 * A company with one booking page per staff size: open 08:00–20:00 six days a week,
 * three services everyone offers. Each person then gets four 45-minute appointments a
 * day for the next 45 days, so the engine has a real diary to cut around.
 */
function fixture(): Fixture {
  return {
    companies: [
      {
        id: "bench",
        name: "Bench",
        providers: STAFF_SIZES.map((size) => ({
          bookingLink: `bench-${size}`,
          companyName: `Bench ${size}`,
          timeZone: "Europe/Oslo",
          maxDaysInAdvanceForBooking: 90,
          openingHours: [1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: "08:00", close: "20:00" })),
          categories: [
            {
              title: "Hair",
              services: [
                { title: "Cut", price: 500, durationInMinutes: 30 },
                { title: "Colour", price: 900, durationInMinutes: 90 },
                { title: "Beard", price: 300, durationInMinutes: 15 },
              ],
            },
          ],
          staff: Array.from({ length: size }, (_, i) => ({ firstName: `Person ${i + 1}`, allServices: true })),
        })),
      },
    ],
  };
}

export interface AvailabilityLoad {
  staff: number;
  p50: number;
  p95: number;
  requestsPerSecond: number;
}

/**
 * POST Appointment/availableHours/month for any staff member, in-process (no network):
 * 100 requests one after the other for the percentiles, then 200 with 10 in flight at a
 * time for the throughput.
 */
export async function measureMonthAvailability(): Promise<AvailabilityLoad[]> {
  const api = await startTestApi({ seed: fixture() });
  try {
    await api.db.query(
      `INSERT INTO appointments (provider_id, staff_member_id, starts_at, ends_at, first_name)
       SELECT s.provider_id, s.id, t, t + interval '45 minutes', 'Bench'
         FROM staff_members s
         JOIN providers p ON p.id = s.provider_id AND p.booking_link LIKE 'bench-%'
        CROSS JOIN generate_series(0, 44) AS day
        CROSS JOIN unnest(ARRAY[9, 11, 14, 17]) AS hour
        CROSS JOIN LATERAL (SELECT (date_trunc('day', $1::timestamptz AT TIME ZONE 'Europe/Oslo') + make_interval(days => day, hours => hour)) AT TIME ZONE 'Europe/Oslo' AS t) slot`,
      [TEST_NOW.toISOString()],
    );
    const results: AvailabilityLoad[] = [];
    for (const staff of STAFF_SIZES) {
      const userId = await api.providerId(`bench-${staff}`);
      const services = (await (await api.request(`/Service/asAnonymous?userId=${userId}`)).json()) as { services: { id: number }[] }[];
      const body = {
        year: TEST_NOW.getUTCFullYear(),
        month: TEST_NOW.getUTCMonth() + 1,
        day: 1,
        userId,
        staffMemberId: null,
        serviceBookings: [{ serviceId: services[0]!.services[0]!.id, extraServiceIds: [] }],
      };
      const ask = async () => {
        const started = performance.now();
        const answer = await api.postJson("/Appointment/availableHours/month", body);
        if (!answer.ok) throw new Error(`availableHours/month answered ${answer.status}: ${await answer.text()}`);
        await answer.arrayBuffer();
        return performance.now() - started;
      };
      for (let i = 0; i < 5; i++) await ask();
      const times: number[] = [];
      for (let i = 0; i < 100; i++) times.push(await ask());
      const started = performance.now();
      let left = 200;
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (left-- > 0) await ask();
        }),
      );
      results.push({
        staff,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        requestsPerSecond: 200 / ((performance.now() - started) / 1000),
      });
    }
    return results;
  } finally {
    await api.close();
  }
}
