import { describe, expect, it } from "vitest";
import { toZoned } from "booking-widget/contract";
import {
  earliestStart,
  firstAvailableSlot,
  noticeMinutes,
  sessionKey,
  slotsForDay,
  type BookedInterval,
  type ProviderSchedule,
  type SlotRequest,
} from "./engine.ts";

/** Issue 42's rules in the engine: buffers, minimum notice, breaks and pauses, and their combinations. */
const NY = "America/New_York";
const OSLO = "Europe/Oslo";
const everyDay = (open: string, close: string) => [0, 1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, open, close }));

// Sunday 2026-11-22 08:00 in New York; Monday is 2026-11-23.
const salon = (overrides: Partial<ProviderSchedule> = {}): ProviderSchedule => ({
  timeZone: NY,
  now: new Date("2026-11-22T13:00:00Z"),
  maxDaysInAdvance: 60,
  stepMinutes: 15,
  openingHours: everyDay("09:00", "17:00"),
  closedDays: [],
  staff: [{ id: 1, serviceIds: [10, 11], vacations: [], booked: [] }],
  ...overrides,
});
const hhmm = (date: Date, zone = NY) => {
  const z = toZoned(date, zone);
  return `${String(z.hour).padStart(2, "0")}:${String(z.minute).padStart(2, "0")}`;
};
const labels = (slots: { start: Date }[], zone = NY) => slots.map((s) => hhmm(s.start, zone));
const at = (local: string, minutes: number, offset = "-05:00") => {
  const start = new Date(`${local}:00${offset}`);
  return { start, end: new Date(start.getTime() + minutes * 60_000) };
};
const massage = (before: number, after: number, minutes = 60): SlotRequest => ({
  serviceIds: [10],
  blockedMinutes: minutes,
  bufferBeforeMinutes: before,
  bufferAfterMinutes: after,
});

describe("buffers", () => {
  it("never offers another booking's buffer, nor a start whose own buffer meets it", () => {
    // Booked 10:00–11:00 with 15 minutes after it: the calendar keeps 10:00–11:15.
    const schedule = salon({ staff: [{ id: 1, serviceIds: [10], vacations: [], booked: [at("2026-11-23T10:00", 75)] }] });
    const plain = labels(slotsForDay(schedule, massage(0, 0, 30), "2026-11-23"));
    expect(plain).toContain("09:30");
    expect(plain).not.toContain("11:00");
    expect(plain).toContain("11:15");
    // With ten minutes before it and five after, the new one needs 09:20–10:00 and 11:15 on.
    const buffered = labels(slotsForDay(schedule, massage(10, 5, 30), "2026-11-23"));
    expect(buffered).toContain("09:15");
    expect(buffered).not.toContain("09:30");
    expect(buffered).not.toContain("11:15");
    expect(buffered).toContain("11:30");
  });

  it("tells the customer the service's own time and keeps the buffered range apart", () => {
    const [first] = slotsForDay(salon(), massage(15, 10), "2026-11-23");
    expect(hhmm(first!.start)).toBe("09:00");
    expect(hhmm(first!.end)).toBe("10:00");
    expect(hhmm(first!.blocked.start)).toBe("08:45");
    expect(hhmm(first!.blocked.end)).toBe("10:10");
  });

  it("lets buffers reach past the opening hours, but the service itself never", () => {
    const slots = slotsForDay(salon(), massage(30, 30), "2026-11-23");
    expect(labels(slots)[0]).toBe("09:00");
    expect(labels(slots).at(-1)).toBe("16:00");
  });

  it("uses the longest buffer before and after of the chosen services", () => {
    const schedule = salon({ staff: [{ id: 1, serviceIds: [10, 11], vacations: [], booked: [at("2026-11-23T12:00", 60)] }] });
    const both: SlotRequest = { serviceIds: [10, 11], blockedMinutes: 60, bufferBeforeMinutes: 20, bufferAfterMinutes: 20 };
    const slots = labels(slotsForDay(schedule, both, "2026-11-23"));
    expect(slots).toContain("10:30");
    expect(slots).not.toContain("10:45");
    expect(slots).not.toContain("13:00");
    expect(slots).toContain("13:30");
  });
});

describe("minimum notice", () => {
  it("offers nothing sooner than the page's notice, and a service's own notice overrides it", () => {
    // Monday 08:00 in New York, two hours' notice: from 10:00.
    const monday = salon({ now: new Date("2026-11-23T13:00:00Z"), minimumNoticeMinutes: 120 });
    expect(labels(slotsForDay(monday, massage(0, 0), "2026-11-23"))[0]).toBe("10:00");
    const quick: SlotRequest = { ...massage(0, 0), serviceNoticeMinutes: [0] };
    expect(labels(slotsForDay(monday, quick, "2026-11-23"))[0]).toBe("09:00");
    const slow: SlotRequest = { ...massage(0, 0), serviceNoticeMinutes: [240] };
    expect(labels(slotsForDay(monday, slow, "2026-11-23"))[0]).toBe("12:00");
  });

  it("takes the longest notice of several services, the page's where a service has none", () => {
    const schedule = salon({ minimumNoticeMinutes: 180 });
    expect(noticeMinutes(schedule, { serviceIds: [10, 11], blockedMinutes: 30, serviceNoticeMinutes: [60, null] })).toBe(180);
    expect(noticeMinutes(schedule, { serviceIds: [10, 11], blockedMinutes: 30, serviceNoticeMinutes: [60, 240] })).toBe(240);
    expect(noticeMinutes(schedule, { serviceIds: [10], blockedMinutes: 30, serviceNoticeMinutes: [0] })).toBe(0);
  });

  it("counts across midnight: an evening's eighteen hours reach into the next afternoon", () => {
    // Monday 16:30 in New York, 18 hours: Tuesday 10:30.
    const schedule = salon({ now: new Date("2026-11-23T21:30:00Z"), minimumNoticeMinutes: 18 * 60 });
    expect(slotsForDay(schedule, massage(0, 0), "2026-11-23")).toEqual([]);
    const first = firstAvailableSlot(schedule, massage(0, 0));
    expect(toZoned(first!.start, NY).isoDate).toBe("2026-11-24");
    expect(hhmm(first!.start)).toBe("10:30");
  });

  it.each([
    // New York springs forward on Sunday 2027-03-14: Saturday 12:00 EST + 24 real hours is Sunday 13:00 EDT.
    { zone: NY, now: "2027-03-13T17:00:00Z", day: "2027-03-14", first: "13:00" },
    // Oslo springs forward on Sunday 2027-03-28: Saturday 12:00 CET + 24 hours is Sunday 13:00 CEST.
    { zone: OSLO, now: "2027-03-27T11:00:00Z", day: "2027-03-28", first: "13:00" },
    // Oslo falls back on Sunday 2026-10-25: Saturday 12:00 CEST + 24 hours is Sunday 11:00 CET.
    { zone: OSLO, now: "2026-10-24T10:00:00Z", day: "2026-10-25", first: "11:00" },
  ])("holds in real minutes across the daylight-saving change in $zone ($day)", ({ zone, now, day, first }) => {
    const schedule = salon({ timeZone: zone, now: new Date(now), minimumNoticeMinutes: 24 * 60 });
    const slots = slotsForDay(schedule, massage(0, 0), day);
    expect(labels(slots, zone)[0]).toBe(first);
    expect(slots[0]!.start.getTime()).toBe(earliestStart(schedule, massage(0, 0)));
  });
});

describe("breaks and pauses", () => {
  const lunch = { dayOfWeek: 1, start: "12:00", end: "12:30" };

  it("leaves a weekly break out for that staff member only, on that weekday only", () => {
    const schedule = salon({
      staff: [
        { id: 1, serviceIds: [10], vacations: [], booked: [], breaks: [lunch] },
        { id: 2, serviceIds: [10], vacations: [], booked: [] },
      ],
    });
    const monday = slotsForDay(schedule, massage(0, 0, 30), "2026-11-23");
    const ones = labels(monday.filter((slot) => slot.staffIds.includes(1)));
    expect(ones).toContain("11:30");
    expect(ones).not.toContain("11:45");
    expect(ones).not.toContain("12:00");
    expect(ones).not.toContain("12:15");
    expect(ones).toContain("12:30");
    expect(labels(monday)).toContain("12:00"); // the colleague works through it
    const tuesday = slotsForDay(schedule, massage(0, 0, 30), "2026-11-24");
    expect(labels(tuesday.filter((slot) => slot.staffIds.includes(1)))).toContain("12:00");
  });

  it("leaves a one-off pause out on its date only", () => {
    const schedule = salon({
      staff: [{ id: 1, serviceIds: [10], vacations: [], booked: [], pauses: [{ date: "2026-11-24", start: "13:00", end: "17:00" }] }],
    });
    expect(labels(slotsForDay(schedule, massage(0, 0), "2026-11-24")).at(-1)).toBe("12:00");
    expect(labels(slotsForDay(schedule, massage(0, 0), "2026-11-25")).at(-1)).toBe("16:00");
  });

  it("keeps a buffer out of a break: neither the buffer after nor the one before may fall in it", () => {
    const schedule = salon({ staff: [{ id: 1, serviceIds: [10], vacations: [], booked: [], breaks: [lunch] }] });
    const slots = labels(slotsForDay(schedule, massage(15, 15), "2026-11-23"));
    expect(slots).toContain("10:45"); // 10:30–12:00 with its buffers
    expect(slots).not.toContain("11:00"); // its buffer after would end 12:15
    expect(slots).not.toContain("12:30"); // its buffer before would start 12:15
    expect(slots).toContain("12:45");
  });

  it("keeps a break at its wall-clock time on a daylight-saving day", () => {
    // Sunday 2027-03-28 in Oslo is 23 hours long; the lunch is still 12:00–12:30 local.
    const schedule = salon({
      timeZone: OSLO,
      now: new Date("2027-03-27T11:00:00Z"),
      staff: [{ id: 1, serviceIds: [10], vacations: [], booked: [], breaks: [{ dayOfWeek: 0, start: "12:00", end: "12:30" }] }],
    });
    const slots = labels(slotsForDay(schedule, massage(0, 0, 30), "2027-03-28"), OSLO);
    expect(slots).toContain("11:30");
    expect(slots).not.toContain("12:00");
    expect(slots).not.toContain("12:15");
    expect(slots).toContain("12:30");
  });

  it("combines notice, a break and buffers: the first time left is after all three", () => {
    // Monday 08:00, an hour's notice, lunch 12:00–12:30, booked 09:00–11:45 (buffers included).
    const schedule = salon({
      now: new Date("2026-11-23T13:00:00Z"),
      minimumNoticeMinutes: 60,
      staff: [{ id: 1, serviceIds: [10], vacations: [], booked: [at("2026-11-23T09:00", 165)], breaks: [lunch] }],
    });
    expect(labels(slotsForDay(schedule, massage(10, 10, 30), "2026-11-23"))[0]).toBe("12:45");
  });
});

describe("group places", () => {
  const yoga: SlotRequest = { serviceIds: [10], blockedMinutes: 60, capacity: 8 };
  /** `count` places taken in the yoga session at `local` (New York), as booked rows or holds give them. */
  const places = (local: string, count: number): BookedInterval[] => {
    const { start, end } = at(local, 60);
    return Array.from({ length: count }, () => ({ start, end, session: sessionKey(10, start) }));
  };
  const slotAt = (schedule: ProviderSchedule, request: SlotRequest, time: string) =>
    slotsForDay(schedule, request, "2026-11-23").find((slot) => hhmm(slot.start) === time);

  it("offers a session's places until it is full, then the time disappears", () => {
    const some = salon({ staff: [{ id: 1, serviceIds: [10], vacations: [], booked: places("2026-11-23T10:00", 5) }] });
    expect(slotAt(some, yoga, "10:00")).toMatchObject({ placesLeft: 3, places: 8, staffIds: [1] });
    expect(slotAt(some, yoga, "09:00")).toMatchObject({ placesLeft: 8, places: 8 });
    const full = salon({ staff: [{ id: 1, serviceIds: [10], vacations: [], booked: places("2026-11-23T10:00", 8) }] });
    expect(slotAt(full, yoga, "10:00")).toBeUndefined();
  });

  it("keeps another start, another service and one-to-one bookings out of a session's time", () => {
    const schedule = salon({ staff: [{ id: 1, serviceIds: [10, 11], vacations: [], booked: places("2026-11-23T10:00", 2) }] });
    // Another yoga start overlapping this one is a session of its own: not offered.
    expect(slotAt(schedule, yoga, "10:30")).toBeUndefined();
    expect(slotAt(schedule, yoga, "09:30")).toBeUndefined();
    expect(slotAt(schedule, yoga, "11:00")).toMatchObject({ placesLeft: 8 });
    // A one-to-one service meets the session as a booked time.
    expect(slotAt(schedule, massage(0, 0, 30), "10:30")).toBeUndefined();
    // Another group service is another session.
    expect(slotAt(schedule, { serviceIds: [11], blockedMinutes: 60, capacity: 4 }, "10:00")).toBeUndefined();
  });

  it("fills a session that has people before another staff member opens one, and counts places per class", () => {
    const schedule = salon({
      staff: [
        { id: 1, serviceIds: [10], vacations: [], booked: [] },
        { id: 2, serviceIds: [10], vacations: [], booked: places("2026-11-23T10:00", 6) },
      ],
    });
    // Two teachers are two classes of eight: the booking joins the one with people (2 of 8 left).
    expect(slotAt(schedule, yoga, "10:00")).toMatchObject({ staffIds: [2, 1], placesLeft: 2, places: 8, classes: 2 });
    expect(slotAt(schedule, yoga, "09:00")).toMatchObject({ placesLeft: 8, places: 8, classes: 2 });
  });

  it("keeps a session's buffers and its teacher's break", () => {
    const schedule = salon({
      staff: [
        {
          id: 1,
          serviceIds: [10],
          vacations: [],
          booked: [at("2026-11-23T14:00", 30)],
          breaks: [{ dayOfWeek: 1, start: "12:00", end: "12:30" }],
        },
      ],
    });
    const buffered: SlotRequest = { ...yoga, bufferAfterMinutes: 15 };
    expect(slotAt(schedule, buffered, "11:00")).toBeUndefined(); // its buffer would end 12:15, in the break
    expect(slotAt(schedule, buffered, "10:45")).toMatchObject({ placesLeft: 8 });
    expect(slotAt(schedule, buffered, "13:00")).toBeUndefined(); // its buffer would end 14:15, in the booking
    expect(slotAt(schedule, buffered, "12:30")).toMatchObject({ placesLeft: 8 });
  });
});
