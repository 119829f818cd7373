import { describe, expect, it } from "vitest";
import { addDays, fromZoned, isoDateOf, toZoned, weekdayOf, zonedDayAround } from "./zoned-time.ts";

describe("zoned time", () => {
  it("converts wall-clock times to instants across zones", () => {
    expect(fromZoned("2026-12-01", "09:00", "America/New_York").toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(fromZoned("2026-07-01", "09:00", "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(fromZoned("2026-07-01", "10:00", "Europe/Oslo").toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(fromZoned("2026-12-01", "10:00", "America/Mexico_City").toISOString()).toBe("2026-12-01T16:00:00.000Z");
  });

  it("handles the days clocks change", () => {
    // New York springs forward 2026-03-08 02:00 → 03:00 and falls back 2026-11-01 02:00 → 01:00.
    expect(fromZoned("2026-03-08", "09:00", "America/New_York").toISOString()).toBe("2026-03-08T13:00:00.000Z");
    expect(fromZoned("2026-03-07", "09:00", "America/New_York").toISOString()).toBe("2026-03-07T14:00:00.000Z");
    expect(fromZoned("2026-11-01", "09:00", "America/New_York").toISOString()).toBe("2026-11-01T14:00:00.000Z");
    expect(fromZoned("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // A skipped time keeps its distance: 02:30 does not exist, 03:30 EDT does.
    expect(fromZoned("2026-03-08", "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
  });

  it("reads instants back as wall-clock parts", () => {
    expect(toZoned(new Date("2026-03-29T01:30:00Z"), "Europe/Oslo")).toEqual({ isoDate: "2026-03-29", hour: 3, minute: 30, weekday: 0 });
    expect(toZoned(new Date("2026-03-01T03:00:00Z"), "America/New_York")).toMatchObject({ isoDate: "2026-02-28", hour: 22 });
  });

  it("does calendar arithmetic", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(weekdayOf("2026-11-22")).toBe(0);
  });

  it("builds ISO dates only for real calendar dates", () => {
    expect(isoDateOf(2026, 2, 28)).toBe("2026-02-28");
    expect(isoDateOf(2028, 2, 29)).toBe("2028-02-29");
    expect(isoDateOf(2026, 2, 29)).toBeNull();
    expect(isoDateOf(2026, 4, 31)).toBeNull();
  });

  it("gives the day an instant falls on in a zone with the instants it spans, 23 or 25 hours on the days clocks change", () => {
    const hours = (day: { from: number; until: number }) => (day.until - day.from) / 3_600_000;
    const oslo = zonedDayAround("Europe/Oslo", new Date("2026-11-27T23:30:00Z"));
    expect(oslo).toEqual({
      timeZone: "Europe/Oslo",
      date: "2026-11-28",
      from: Date.parse("2026-11-27T23:00:00Z"),
      until: Date.parse("2026-11-28T23:00:00Z"),
    });
    expect(hours(zonedDayAround("Europe/Oslo", new Date("2026-03-29T12:00:00Z")))).toBe(23);
    expect(hours(zonedDayAround("Europe/Oslo", new Date("2026-10-25T12:00:00Z")))).toBe(25);
    const newYork = zonedDayAround("America/New_York", new Date("2026-11-01T04:59:00Z"));
    expect(newYork).toMatchObject({
      date: "2026-11-01",
      from: Date.parse("2026-11-01T04:00:00Z"),
      until: Date.parse("2026-11-02T05:00:00Z"),
    });
  });
});

describe("toZoned's quarter-hour offsets (asked of Intl once per quarter hour)", () => {
  const byIntl = (instant: Date, timeZone: string) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        weekday: "short",
      })
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    return {
      isoDate: `${parts.year}-${parts.month}-${parts.day}`,
      hour: Number(parts.hour),
      minute: Number(parts.minute),
      weekday: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? ""),
    };
  };

  it.each([
    ["Europe/Oslo", "2026-03-29T00:00:00Z"],
    ["Europe/Oslo", "2026-10-25T00:00:00Z"],
    ["America/New_York", "2026-03-08T06:00:00Z"],
    ["America/New_York", "2026-11-01T05:00:00Z"],
    // Half-hour daylight saving; quarter-hour offsets; a zone that skipped a whole day (2011-12-30).
    ["Australia/Lord_Howe", "2026-04-04T14:00:00Z"],
    ["Asia/Kathmandu", "2026-06-01T00:00:00Z"],
    ["Pacific/Chatham", "2026-04-04T13:00:00Z"],
    ["Pacific/Apia", "2011-12-30T09:00:00Z"],
  ])("is Intl's answer in %s for every minute of the six hours from %s", (timeZone, from) => {
    const start = new Date(from).getTime();
    for (let minute = 0; minute < 6 * 60; minute++) {
      const instant = new Date(start + minute * 60_000 + 17_000);
      expect(toZoned(instant, timeZone), instant.toISOString()).toEqual(byIntl(instant, timeZone));
    }
  });
});
