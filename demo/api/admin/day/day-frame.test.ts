import { describe, expect, it } from "vitest";
import type { ProviderSchedule, StaffSchedule } from "../../availability/engine.ts";
import { appointmentState, staffDateFrame, viewDates } from "./day-frame.ts";

const member: StaffSchedule = {
  id: 7,
  serviceIds: [1],
  vacations: [{ from: "2026-11-25", to: "2026-11-26" }],
  booked: [],
  breaks: [{ dayOfWeek: 1, start: "12:00", end: "12:30" }],
  pauses: [{ date: "2026-11-23", start: "15:00", end: "16:00" }],
};
const schedule: ProviderSchedule = {
  timeZone: "Europe/Oslo",
  now: new Date("2026-11-18T12:00:00Z"),
  maxDaysInAdvance: 60,
  stepMinutes: 15,
  // A split Monday: the frame lists its spans in order whatever order they are kept in.
  openingHours: [
    { dayOfWeek: 1, open: "13:00", close: "18:00" },
    { dayOfWeek: 1, open: "09:00", close: "11:30" },
  ],
  closedDays: [{ from: "2026-11-30", to: "2026-11-30" }],
  staff: [member],
};

describe("staffDateFrame", () => {
  it("gives a date's hours, weekly breaks and one-off pauses as instants in the provider's zone", () => {
    expect(staffDateFrame(schedule, member, "2026-11-23")).toEqual({
      away: false,
      hours: [
        { start: "2026-11-23T08:00:00.000Z", end: "2026-11-23T10:30:00.000Z" },
        { start: "2026-11-23T12:00:00.000Z", end: "2026-11-23T17:00:00.000Z" },
      ],
      breaks: [{ start: "2026-11-23T11:00:00.000Z", end: "2026-11-23T11:30:00.000Z" }],
      pauses: [{ start: "2026-11-23T14:00:00.000Z", end: "2026-11-23T15:00:00.000Z" }],
    });
  });

  it("follows the zone's clock change: a summer Monday's 09:00 is an hour earlier in UTC", () => {
    expect(staffDateFrame(schedule, member, "2026-06-01").hours[0]).toEqual({
      start: "2026-06-01T07:00:00.000Z",
      end: "2026-06-01T09:30:00.000Z",
    });
  });

  it("has no hours on a vacation day or a day the place is closed", () => {
    const away = { away: true, hours: [], breaks: [], pauses: [] };
    expect(staffDateFrame(schedule, member, "2026-11-25")).toEqual(away);
    expect(staffDateFrame(schedule, member, "2026-11-30")).toEqual(away);
    expect(staffDateFrame(schedule, member, "2026-11-24")).toEqual({ away: false, hours: [], breaks: [], pauses: [] });
  });
});

describe("viewDates", () => {
  it("is the day, or the week from it across a month's end", () => {
    expect(viewDates("2026-11-28", 1)).toEqual(["2026-11-28"]);
    expect(viewDates("2026-11-28", 7)).toEqual([
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
    ]);
  });
});

describe("appointmentState", () => {
  it("reads the row's status first, then what staff marked", () => {
    expect(appointmentState("confirmed", null)).toBe("booked");
    expect(appointmentState("confirmed", "arrived")).toBe("arrived");
    expect(appointmentState("confirmed", "no-show")).toBe("noShow");
    expect(appointmentState("awaiting_payment", null)).toBe("awaitingPayment");
    expect(appointmentState("cancelled", "arrived")).toBe("cancelled");
  });
});
