import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { withPgClient } from "../../support/pg-cluster.ts";
import { from as copyFrom } from "pg-copy-streams";
import { VerificationType } from "../../../src/contract/enumerations.ts";
import { addDays, fromZoned, todayIn, weekdayOf } from "../../../src/contract/zoned-time.ts";
import type { Fixture } from "../../../demo/api/seed/fixture.ts";

/**
 * Issue 44 point 4: booking pages at scale, for `npm run bench:scale`. Page i (from 0)
 * has 5 to 20 staff (a fixed pseudo-random sequence), four services of 30 to 90 minutes,
 * and is open Monday to Saturday 09–18 in one of four time zones; every tenth verifies
 * by phone (the code requests go there). A year of appointments: the 300 days before
 * today at 0.2 a day per staff member, the 65 from today at 0.8 (what availability reads),
 * written with COPY; about 2.5 million rows at 1,000 pages.
 */
export const ZONES = ["Europe/Oslo", "America/New_York", "America/Chicago", "Europe/London"] as const;
export const DURATIONS = [30, 45, 60, 90] as const;
const PAST_DAYS = 300;
const FUTURE_DAYS = 65;

/** The same numbers on every run (mulberry32). */
export function sequence(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const staffCountOf = (page: number) => 5 + Math.floor(sequence(1000 + page)() * 16);
export const bookingLinkOf = (page: number) => `scale-${page}`;

/** Pages `from` to `to` - 1 as a providers file (npm run providers:import's shape). */
export function scaleFixture(from: number, to: number): Fixture {
  const providers = [];
  for (let page = from; page < to; page++) {
    providers.push({
      bookingLink: bookingLinkOf(page),
      companyName: `Scale ${page}`,
      timeZone: ZONES[page % ZONES.length],
      maxDaysInAdvanceForBooking: 60,
      customerCanSelectStaff: true,
      ...(page % 10 === 9 ? { verificationType: VerificationType.Phone } : {}),
      openingHours: [1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open: "09:00", close: "18:00" })),
      categories: [
        {
          title: "Treatments",
          services: DURATIONS.map((minutes) => ({ title: `Treatment ${minutes}`, price: minutes * 10, durationInMinutes: minutes })),
        },
      ],
      staff: Array.from({ length: staffCountOf(page) }, (_, i) => ({ firstName: `Staff ${i + 1}`, allServices: true })),
    });
  }
  return { companies: [{ id: `scale-${from}`, name: `Scale ${from}–${to - 1}`, providers }] } as unknown as Fixture;
}

/**
 * Writes the appointments of pages `from` to `to` - 1 (already imported) with COPY, then
 * their services with one INSERT … SELECT. Answers the rows written.
 */
export function writeAppointments(databaseUrl: string, from: number, to: number, now: Date): Promise<number> {
  return withPgClient(databaseUrl, async (client) => {
    const staff = (
      await client.query<{ id: number; providerId: number; link: string; zone: string }>(
        `SELECT m.id, m.provider_id AS "providerId", p.booking_link AS link, p.time_zone AS zone
           FROM staff_members m JOIN providers p ON p.id = m.provider_id
          WHERE p.booking_link = ANY($1::text[]) ORDER BY m.id`,
        [Array.from({ length: to - from }, (_, i) => bookingLinkOf(from + i))],
      )
    ).rows;
    let written = 0;
    const lines = function* () {
      for (const member of staff) {
        const random = sequence(member.id);
        const today = todayIn(member.zone, now);
        for (let offset = -PAST_DAYS; offset < FUTURE_DAYS; offset++) {
          const day = addDays(today, offset);
          if (weekdayOf(day) === 0) continue;
          const rate = offset < 0 ? 0.2 : 0.8;
          // Up to three on a day, at distinct half hours from 09:00 that end by 18:00.
          let taken = 0;
          for (let tries = 0; tries < 3; tries++) {
            if (random() >= rate / 3) continue;
            const minutes = DURATIONS[Math.floor(random() * DURATIONS.length)]!;
            const slot = Math.floor(random() * (18 - minutes / 30));
            const span = ((1 << Math.ceil(minutes / 30)) - 1) << slot;
            if (taken & span) continue;
            taken |= span;
            const start = fromZoned(day, `${String(9 + Math.floor(slot / 2)).padStart(2, "0")}:${slot % 2 ? "30" : "00"}`, member.zone);
            const end = new Date(start.getTime() + minutes * 60_000);
            written += 1;
            yield `${member.providerId}\t${member.id}\t${start.toISOString()}\t${end.toISOString()}\tconfirmed\tScale customer\tcustomer${written}@example.com\t${start.toISOString()}\t${end.toISOString()}\n`;
          }
        }
      }
    };
    // A batch of lines per chunk: one stream write per line would cost more than the COPY.
    const chunks = function* () {
      let batch: string[] = [];
      for (const line of lines()) {
        batch.push(line);
        if (batch.length === 5000) {
          yield batch.join("");
          batch = [];
        }
      }
      if (batch.length) yield batch.join("");
    };
    const first = (await client.query<{ max: number | null }>("SELECT max(id) AS max FROM appointments")).rows[0]?.max ?? 0;
    await pipeline(
      Readable.from(chunks()),
      client.query(
        copyFrom(
          "COPY appointments (provider_id, staff_member_id, starts_at, ends_at, status, first_name, email_address, blocked_from, blocked_until) FROM STDIN",
        ),
      ),
    );
    const services = await client.query(
      `INSERT INTO appointment_services (appointment_id, service_id, price, duration_in_minutes)
       SELECT a.id, s.id, s.price, s.duration_in_minutes
         FROM appointments a
         JOIN services s ON s.provider_id = a.provider_id
          AND s.duration_in_minutes = extract(epoch FROM a.ends_at - a.starts_at) / 60
        WHERE a.id > $1`,
      [first],
    );
    // As an operator would after a bulk load: the visibility map and statistics now, not autovacuum during the measurement.
    await client.query("VACUUM (ANALYZE)");
    await client.query("CHECKPOINT");
    return written + (services.rowCount ?? 0);
  });
}
