import { fromZoned } from "booking-widget/contract";
import { describe, expect, it } from "vitest";
import { instantOf } from "./zoned-instants.ts";

describe("a wall-clock time's instant, remembered", () => {
  it("answers what fromZoned answers, on ordinary and DST days, the first time and again", () => {
    const asked: [string, string, string][] = [
      ["2026-03-29", "02:30", "Europe/Oslo"], // skipped by the spring jump
      ["2026-10-25", "02:30", "Europe/Oslo"], // twice: its first occurrence
      ["2026-11-01", "01:30", "America/New_York"],
      ["2026-12-01", "09:00", "Asia/Kolkata"],
      ["2026-12-01", "09:00", "Europe/Oslo"],
    ];
    for (const [date, time, zone] of asked) {
      const expected = fromZoned(date, time, zone).getTime();
      expect(instantOf(date, time, zone)).toBe(expected);
      expect(instantOf(date, time, zone)).toBe(expected);
    }
  });

  it("keeps zones apart: the same wall-clock time is another instant in another zone", () => {
    expect(instantOf("2026-12-01", "09:00", "Europe/Oslo") - instantOf("2026-12-01", "09:00", "Europe/London")).toBe(-3_600_000);
  });
});
