import { describe, expect, it } from "vitest";
import { pastLastStart } from "./waitlist-day.ts";

// Thursday 2026-12-03 in Oslo (UTC+1): open 09:00-17:00, and 10:00-14:00 a second span.
const spans = [
  { dayOfWeek: 4, closeTime: "14:00" },
  { dayOfWeek: 4, closeTime: "17:00" },
];
const at = (utc: string) => new Date(`2026-12-03T${utc}:00Z`);

describe("a day past its last possible start", () => {
  it("is today once the latest close less the booking's length has gone by", () => {
    // A 45-minute booking can start at 16:15 at the latest (15:15 UTC).
    expect(pastLastStart("2026-12-03", at("15:15"), "Europe/Oslo", spans, 45)).toBe(false);
    expect(pastLastStart("2026-12-03", at("15:16"), "Europe/Oslo", spans, 45)).toBe(true);
    expect(pastLastStart("2026-12-03", at("15:16"), "Europe/Oslo", spans, 30)).toBe(false);
  });

  it("is every earlier day, never a later one, and not a day the page does not open", () => {
    expect(pastLastStart("2026-12-02", at("08:00"), "Europe/Oslo", spans, 30)).toBe(true);
    expect(pastLastStart("2026-12-04", at("23:00"), "Europe/Oslo", spans, 30)).toBe(false);
    expect(pastLastStart("2026-12-03", at("22:00"), "Europe/Oslo", [{ dayOfWeek: 5, closeTime: "17:00" }], 30)).toBe(false);
  });

  it("reads today in the page's zone, not the visitor's", () => {
    // 23:30 UTC on the 3rd is already the 4th in Oslo: the 3rd has passed there.
    expect(pastLastStart("2026-12-03", at("23:30"), "Europe/Oslo", spans, 30)).toBe(true);
    expect(pastLastStart("2026-12-03", at("23:30"), "America/Chicago", [{ dayOfWeek: 4, closeTime: "20:00" }], 30)).toBe(false);
  });
});
