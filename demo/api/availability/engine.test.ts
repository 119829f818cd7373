import { describe, expect, it } from "vitest";
import { bookingWindow, firstAvailableSlot, slotsForDay, slotsForMonth, type ProviderSchedule, type SlotRequest } from "./engine.ts";
import { toZoned } from "booking-widget/contract";

const NY = "America/New_York";
const weekdays = (days: number[], open: string, close: string) => days.map((dayOfWeek) => ({ dayOfWeek, open, close }));

// Sunday 2026-11-22 08:00 in New York; Monday is 2026-11-23.
const salon = (overrides: Partial<ProviderSchedule> = {}): ProviderSchedule => ({
  timeZone: NY,
  now: new Date("2026-11-22T13:00:00Z"),
  maxDaysInAdvance: 60,
  stepMinutes: 15,
  openingHours: [...weekdays([1, 2, 3, 4, 5], "09:00", "17:00"), ...weekdays([6], "10:00", "14:00")],
  closedDays: [],
  staff: [
    { id: 1, serviceIds: [10, 11], vacations: [], booked: [] },
    { id: 2, serviceIds: [10], vacations: [], booked: [] },
  ],
  ...overrides,
});
const haircut: SlotRequest = { serviceIds: [10], blockedMinutes: 60 };
const labels = (slots: { start: Date }[], zone = NY) =>
  slots.map((s) => {
    const z = toZoned(s.start, zone);
    return `${String(z.hour).padStart(2, "0")}:${String(z.minute).padStart(2, "0")}`;
  });

describe("availability engine", () => {
  it("offers every step from opening until the service no longer fits before closing", () => {
    const slots = slotsForDay(salon(), haircut, "2026-11-23");
    expect(labels(slots).slice(0, 3)).toEqual(["09:00", "09:15", "09:30"]);
    expect(labels(slots).at(-1)).toBe("16:00");
    expect(slots).toHaveLength(29);
    expect(slots[0]!.staffIds).toEqual([1, 2]);
    expect(slots[0]!.end.getTime() - slots[0]!.start.getTime()).toBe(60 * 60_000);
  });

  it("frees a person only between appointments, in any order and even where two overlap", () => {
    const at = (hhmm: string, minutes: number) => {
      const start = new Date(`2026-11-23T${hhmm}:00-05:00`);
      return { start, end: new Date(start.getTime() + minutes * 60_000) };
    };
    // Out of order, one inside another, one reaching into the next, one on another day:
    // only 09:00–09:30 and from 13:00 are free.
    const booked = [at("11:00", 120), at("09:30", 60), at("10:00", 30), at("10:15", 60)];
    const schedule = salon({
      staff: [
        {
          id: 1,
          serviceIds: [10],
          vacations: [],
          booked: [...booked, { start: new Date("2026-11-24T14:00:00Z"), end: new Date("2026-11-24T22:00:00Z") }],
        },
      ],
    });
    const slots = slotsForDay(schedule, { serviceIds: [10], blockedMinutes: 30 }, "2026-11-23");
    expect(labels(slots)).toEqual([
      "09:00",
      "13:00",
      "13:15",
      "13:30",
      "13:45",
      "14:00",
      "14:15",
      "14:30",
      "14:45",
      "15:00",
      "15:15",
      "15:30",
      "15:45",
      "16:00",
      "16:15",
      "16:30",
    ]);
  });

  it("blocks the full duration of services plus extras", () => {
    const slots = slotsForDay(salon(), { serviceIds: [10], blockedMinutes: 85 }, "2026-11-23");
    expect(labels(slots).at(-1)).toBe("15:30");
  });

  it("uses the provider's step and its own opening hours per weekday", () => {
    expect(labels(slotsForDay(salon({ stepMinutes: 30 }), haircut, "2026-11-28"))).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
    ]);
    expect(slotsForDay(salon(), haircut, "2026-11-29")).toEqual([]); // Sunday: closed
  });

  it("never offers a time in the past", () => {
    const now = new Date("2026-11-23T15:07:00Z"); // Monday 10:07 in New York
    expect(labels(slotsForDay(salon({ now }), haircut, "2026-11-23"))[0]).toBe("10:15");
    expect(slotsForDay(salon({ now }), haircut, "2026-11-20")).toEqual([]);
  });

  it("keeps gaps around taken appointments and hands the slot to a free colleague", () => {
    const taken = { start: new Date("2026-11-23T15:00:00Z"), end: new Date("2026-11-23T16:00:00Z") }; // 10:00–11:00
    const schedule = salon({
      staff: [
        { id: 1, serviceIds: [10], vacations: [], booked: [taken] },
        { id: 2, serviceIds: [10], vacations: [], booked: [] },
      ],
    });
    const onlyAlex = slotsForDay(schedule, { ...haircut, staffMemberId: 1 }, "2026-11-23");
    expect(labels(onlyAlex).slice(0, 3)).toEqual(["09:00", "11:00", "11:15"]);
    const anyone = slotsForDay(schedule, haircut, "2026-11-23");
    expect(anyone.find((s) => labels([s])[0] === "10:00")?.staffIds).toEqual([2]);
    expect(anyone.find((s) => labels([s])[0] === "09:00")?.staffIds).toEqual([1, 2]);
  });

  it("leaves out staff on vacation and days the provider is closed", () => {
    const schedule = salon({
      staff: [
        { id: 1, serviceIds: [10], vacations: [{ from: "2026-11-23", to: "2026-11-24" }], booked: [] },
        { id: 2, serviceIds: [11], vacations: [], booked: [] },
      ],
    });
    expect(slotsForDay(schedule, haircut, "2026-11-24")).toEqual([]);
    expect(slotsForDay(schedule, haircut, "2026-11-25")).toHaveLength(29);
    expect(slotsForDay(salon({ closedDays: [{ from: "2026-11-26", to: "2026-11-27" }] }), haircut, "2026-11-26")).toEqual([]);
  });

  it("finds nothing for a service no one offers, and requires every chosen service", () => {
    expect(firstAvailableSlot(salon(), { serviceIds: [99], blockedMinutes: 30 })).toBeNull();
    expect(slotsForDay(salon(), { serviceIds: [10, 11], blockedMinutes: 90 }, "2026-11-23")[0]!.staffIds).toEqual([1]);
    expect(slotsForDay(salon(), { serviceIds: [], blockedMinutes: 30 }, "2026-11-23")).toEqual([]);
  });

  it("stops at the booking horizon, inclusive", () => {
    const schedule = salon({ maxDaysInAdvance: 2, openingHours: weekdays([0, 1, 2, 3, 4, 5, 6], "09:00", "17:00") });
    expect(bookingWindow(schedule)).toEqual({ from: "2026-11-22", to: "2026-11-24" });
    expect(slotsForDay(schedule, haircut, "2026-11-24")).toHaveLength(29);
    expect(slotsForDay(schedule, haircut, "2026-11-25")).toEqual([]);
  });

  it("finds the first available slot past closed days and vacations", () => {
    const schedule = salon({ staff: [{ id: 3, serviceIds: [10], vacations: [{ from: "2026-11-22", to: "2026-12-05" }], booked: [] }] });
    const first = firstAvailableSlot(schedule, haircut);
    expect(toZoned(first!.start, NY)).toMatchObject({ isoDate: "2026-12-07", hour: 9, minute: 0 });
    expect(firstAvailableSlot(salon({ maxDaysInAdvance: 10 }), haircut, "2026-12-10")).toBeNull();
  });

  it("keeps real hours on the day clocks spring forward", () => {
    // Oslo 2026-03-29: 02:00 becomes 03:00. Open 01:00–05:00 wall-clock is three real hours.
    const schedule = salon({
      timeZone: "Europe/Oslo",
      now: new Date("2026-03-28T12:00:00Z"),
      stepMinutes: 60,
      openingHours: weekdays([0], "01:00", "05:00"),
    });
    const slots = slotsForDay(schedule, haircut, "2026-03-29");
    expect(labels(slots, "Europe/Oslo")).toEqual(["01:00", "03:00", "04:00"]);
    expect(slots.map((s) => s.start.toISOString())).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T02:00:00.000Z",
    ]);
  });

  it("keeps wall-clock opening hours on the day clocks fall back", () => {
    const schedule = salon({ now: new Date("2026-10-30T12:00:00Z"), openingHours: weekdays([0], "09:00", "17:00") });
    const slots = slotsForDay(schedule, haircut, "2026-11-01");
    expect(slots[0]!.start.toISOString()).toBe("2026-11-01T14:00:00.000Z"); // 09:00 EST
    expect(labels(slots).at(-1)).toBe("16:00");
  });

  it("answers a whole month, empty outside the window", () => {
    const month = slotsForMonth(salon(), haircut, 2026, 11);
    expect(month.size).toBe(30);
    expect(month.get("2026-11-20")).toEqual([]);
    expect(month.get("2026-11-23")).toHaveLength(29);
  });
});
