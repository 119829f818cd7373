import { describe, expect, it } from "vitest";
import type { ProviderSchedule, Slot } from "../availability/engine.ts";
import {
  bookedByOthers,
  entryEndsAt,
  mayOffer,
  offeredSlot,
  type PastOffer,
  timeWindow,
  waitlistDays,
  wishTakes,
} from "./waitlist-rules.ts";

const OSLO = "Europe/Oslo";
/** A slot at an Oslo wall time (winter: UTC+1), 30 minutes long, for these staff. */
const slot = (iso: string, time: string, staffIds = [1, 2]): Slot => {
  const start = new Date(`${iso}T${time}:00+01:00`);
  const end = new Date(start.getTime() + 30 * 60_000);
  return { start, end, staffIds, blocked: { start, end } };
};

describe("the days an entry waits for", () => {
  it("takes one to three distinct dates from today to the booking window's last day, sorted", () => {
    expect(waitlistDays(["2026-12-03", "2026-12-01", "2026-12-03"], "2026-12-01", "2026-12-31")).toEqual({
      days: ["2026-12-01", "2026-12-03"],
    });
  });

  it.each([
    [[], /at least one day/],
    [["2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05"], /at most 3 days/],
    [["2026-11-30"], /has passed/],
    [["2027-01-01"], /past the booking window/],
    [["2026-02-30"], /must be dates/],
    [["tomorrow"], /must be dates/],
  ])("refuses %j, saying why", (asked, problem) => {
    const answer = waitlistDays(asked, "2026-12-01", "2026-12-31");
    expect("problem" in answer && answer.problem).toMatch(problem);
  });
});

describe("the part of the day an entry waits for", () => {
  it("takes none, a start, an end or both in order", () => {
    expect(timeWindow(undefined, null)).toEqual({ after: null, before: null });
    expect(timeWindow("15:00", "")).toEqual({ after: "15:00", before: null });
    expect(timeWindow("09:00", "12:00")).toEqual({ after: "09:00", before: "12:00" });
    expect(timeWindow("12:00", "09:00")).toEqual({ problem: "after must come before before" });
    expect(timeWindow("3pm", null)).toEqual({ problem: "after and before must be HH:mm" });
  });
});

describe("which freed slot an entry is offered", () => {
  const wish = { days: ["2026-12-01", "2026-12-03"], window: { after: "15:00", before: null }, staffMemberId: null };

  it("a slot on one of its days, within its window, with its staff member (or any)", () => {
    expect(wishTakes(wish, slot("2026-12-01", "15:00"), OSLO)).toBe(true);
    expect(wishTakes(wish, slot("2026-12-01", "14:30"), OSLO)).toBe(false);
    expect(wishTakes(wish, slot("2026-12-02", "16:00"), OSLO)).toBe(false);
    expect(wishTakes({ ...wish, window: { after: null, before: "15:00" } }, slot("2026-12-03", "15:00"), OSLO)).toBe(false);
    expect(wishTakes({ ...wish, staffMemberId: 2 }, slot("2026-12-03", "16:00", [1]), OSLO)).toBe(false);
    expect(wishTakes({ ...wish, staffMemberId: 2 }, slot("2026-12-03", "16:00", [1, 2]), OSLO)).toBe(true);
  });

  it("the earliest slot it takes that lies in the freed time; none when the freed time is of no use to it", () => {
    const day = [slot("2026-12-01", "14:30"), slot("2026-12-01", "15:00"), slot("2026-12-01", "15:30"), slot("2026-12-01", "16:00")];
    const freed = { start: new Date("2026-12-01T15:30:00+01:00"), end: new Date("2026-12-01T16:30:00+01:00") };
    expect(offeredSlot(wish, day, freed, OSLO)?.start).toEqual(new Date("2026-12-01T15:30:00+01:00"));
    const morning = { start: new Date("2026-12-01T14:00:00+01:00"), end: new Date("2026-12-01T15:00:00+01:00") };
    expect(offeredSlot(wish, day, morning, OSLO)).toBeNull();
  });

  it("an entry ends at the end of its last day in the page's zone", () => {
    expect(entryEndsAt(["2026-12-01", "2026-12-03"], OSLO)).toEqual(new Date("2026-12-03T23:00:00Z"));
    // The day summer time ends in Oslo: after the change Oslo is UTC+1 again, so its midnight is 23:00 UTC.
    expect(entryEndsAt(["2026-10-25"], OSLO)).toEqual(new Date("2026-10-25T23:00:00Z"));
  });
});

describe("whether a start may be offered to an entry", () => {
  const three = new Date("2026-12-01T15:00:00+01:00");
  const four = new Date("2026-12-01T16:00:00+01:00");
  const had = (entryId: number, start: Date, state: PastOffer["state"]): PastOffer => ({ entryId, start, state });

  it("an entry is offered a start once, unless it lost it: someone else booked it first, and it freed again", () => {
    for (const mode of ["first-in-line", "notify-all"] as const) {
      expect(mayOffer(1, three, [], mode)).toBe(true);
      expect(mayOffer(1, three, [had(1, three, "lapsed")], mode)).toBe(false);
      expect(mayOffer(1, three, [had(1, three, "taken")], mode)).toBe(false);
      expect(mayOffer(1, three, [had(1, three, "lost")], mode)).toBe(true);
      expect(mayOffer(1, three, [had(1, three, "lost"), had(1, three, "lost")], mode)).toBe(true);
      // Another entry's lapsed offer of the same start is that entry's business.
      expect(mayOffer(1, three, [had(2, three, "lapsed")], mode)).toBe(true);
    }
  });

  it("first in line, a customer has one live offer at a time", () => {
    expect(mayOffer(1, four, [had(2, three, "live")], "first-in-line")).toBe(false);
    expect(mayOffer(1, four, [had(1, three, "lapsed")], "first-in-line")).toBe(true);
  });

  it("notify-all, a live offer keeps no one from hearing of another time, but a customer gets one live link per start", () => {
    expect(mayOffer(1, four, [had(1, three, "live")], "notify-all")).toBe(true);
    expect(mayOffer(1, three, [had(2, three, "live")], "notify-all")).toBe(false);
    expect(mayOffer(1, three, [had(1, three, "live")], "notify-all")).toBe(false);
  });
});

describe("whether someone else booked an offered time", () => {
  // Tuesday 2026-12-01 in Oslo, open 09–17, two staff members; it is 08:00.
  const at = (time: string) => new Date(`2026-12-01T${time}:00+01:00`);
  const hour = (time: string, appointmentId?: number) => ({
    start: at(time),
    end: new Date(at(time).getTime() + 60 * 60_000),
    ...(appointmentId ? { appointmentId } : {}),
  });
  const schedule = (booked1: ProviderSchedule["staff"][number]["booked"], booked2: typeof booked1 = []): ProviderSchedule => ({
    timeZone: OSLO,
    now: at("08:00"),
    maxDaysInAdvance: 60,
    stepMinutes: 30,
    openingHours: [{ dayOfWeek: 2, open: "09:00", close: "17:00" }],
    closedDays: [],
    staff: [
      { id: 1, serviceIds: [10], vacations: [], booked: booked1 },
      { id: 2, serviceIds: [10], vacations: [], booked: booked2 },
    ],
  });
  const haircut = { serviceIds: [10], blockedMinutes: 30 };

  it("booked by every staff member the wish takes: lost", () => {
    expect(bookedByOthers(schedule([hour("15:00", 1)], [hour("15:00", 2)]), haircut, at("15:00"))).toBe(true);
    expect(bookedByOthers(schedule([hour("15:00", 1)]), { ...haircut, staffMemberId: 1 }, at("15:00"))).toBe(true);
  });

  it("another staff member still free for it (any staff), or it is only held: not lost", () => {
    expect(bookedByOthers(schedule([hour("15:00", 1)]), haircut, at("15:00"))).toBe(false);
    expect(bookedByOthers(schedule([hour("15:00", 1)]), { ...haircut, staffMemberId: 2 }, at("15:00"))).toBe(false);
    // A hold (no appointment id) of both: a visitor or another waiting customer may still let it go.
    expect(bookedByOthers(schedule([hour("15:00")], [hour("15:00")]), haircut, at("15:00"))).toBe(false);
  });

  it("a time no longer bookable for another reason (passed, outside the hours) is not said to be taken", () => {
    const passed = { ...schedule([hour("15:00", 1)], [hour("15:00", 2)]), now: at("15:30") };
    expect(bookedByOthers(passed, haircut, at("15:00"))).toBe(false);
    expect(bookedByOthers(schedule([], []), haircut, at("18:00"))).toBe(false);
  });
});
