import { describe, expect, it } from "vitest";
import { toZoned } from "booking-widget/contract";
import type { ProviderSchedule, SlotRequest } from "./engine.ts";
import { seriesOccurrences, seriesStaff } from "./series-occurrences.ts";

const everyDay = (open: string, close: string) => [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open, close }));
const clinic = (timeZone: string, now: string, overrides: Partial<ProviderSchedule> = {}): ProviderSchedule => ({
  timeZone,
  now: new Date(now),
  maxDaysInAdvance: 120,
  stepMinutes: 30,
  openingHours: everyDay("09:00", "17:00"),
  closedDays: [],
  staff: [
    { id: 1, serviceIds: [10], vacations: [], booked: [] },
    { id: 2, serviceIds: [10], vacations: [], booked: [] },
  ],
  ...overrides,
});
const physio: SlotRequest = { serviceIds: [10], blockedMinutes: 60 };
const local = (date: Date, zone: string) => {
  const z = toZoned(date, zone);
  return `${z.isoDate} ${String(z.hour).padStart(2, "0")}:${String(z.minute).padStart(2, "0")}`;
};

describe("a weekly series in the engine", () => {
  it.each([
    // Oslo springs forward on 28 March 2027; New York on 14 March 2027.
    { zone: "Europe/Oslo", now: "2027-03-01T08:00:00Z", first: "2027-03-17" },
    { zone: "America/New_York", now: "2027-03-01T08:00:00Z", first: "2027-03-03" },
  ])("keeps the local time and the staff member across the daylight-saving change in $zone", ({ zone, now, first }) => {
    const occurrences = seriesOccurrences(clinic(zone, now), physio, first, "10:00", 1, 4, 2);
    expect(occurrences.map((o) => o.slot && local(o.slot.start, zone))).toEqual(occurrences.map((o) => `${o.date} 10:00`));
    expect(occurrences.every((o) => o.slot?.staffIds.includes(2))).toBe(true);
    // The offset changed between the first and the last: the instants are not whole weeks apart.
    const [a, , , d] = occurrences.map((o) => o.slot!.start.getTime());
    expect(d! - a!).toBe(3 * 7 * 86_400_000 - 3_600_000);
  });

  it("offers the nearest free times that day, with the same person, for an occurrence taken", () => {
    const taken = (iso: string) => {
      const start = new Date(`${iso}T10:00:00Z`);
      return { start, end: new Date(start.getTime() + 60 * 60_000) };
    };
    const schedule = clinic("UTC", "2026-12-01T00:00:00Z", {
      staff: [{ id: 1, serviceIds: [10], vacations: [], booked: [taken("2026-12-09")] }],
    });
    const [one, two, three] = seriesOccurrences(schedule, physio, "2026-12-02", "10:00", 1, 3, 1);
    expect(one!.slot).toBeDefined();
    expect(two!.slot).toBeUndefined();
    expect(two!.alternatives.map((s) => s.start.toISOString().slice(11, 16))).toEqual(["09:00", "11:00", "11:30"]);
    expect(three!.slot).toBeDefined();
  });

  it("is with whoever is free at most of its times, among those free at the first", () => {
    const at = (iso: string) => ({ start: new Date(`${iso}T10:00:00Z`), end: new Date(`${iso}T11:00:00Z`) });
    const schedule = clinic("UTC", "2026-12-01T00:00:00Z", {
      staff: [
        { id: 1, serviceIds: [10], vacations: [], booked: [at("2026-12-09"), at("2026-12-16")] },
        { id: 2, serviceIds: [10], vacations: [], booked: [at("2026-12-23")] },
        { id: 3, serviceIds: [10], vacations: [], booked: [at("2026-12-02")] },
      ],
    });
    expect(seriesStaff(schedule, physio, "2026-12-02", "10:00", 1, 4)).toBe(2);
    expect(seriesStaff(schedule, { ...physio, staffMemberId: 1 }, "2026-12-02", "10:00", 1, 4)).toBe(1);
    expect(seriesStaff(schedule, { ...physio, staffMemberId: 3 }, "2026-12-02", "10:00", 1, 4)).toBeNull();
  });
});
