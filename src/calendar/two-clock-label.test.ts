import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { twoClockLabel } from "./two-clock-label.ts";

const i18n = setupI18n({ locale: "en", messages: { en: {} } });
const newYork = { timeZone: "America/New_York", timeFormat: "12h" };
// A weekly series' times across New York's and Oslo's daylight-saving ends (Oslo's is a week earlier).
const times = [
  { date: "2026-10-20", backendLabel: "10:00", label: "10:00 AM" },
  { date: "2026-10-27", backendLabel: "10:00", label: "10:00 AM" },
  { date: "2026-11-03", backendLabel: "21:00", label: "9:00 PM" },
];

describe("a booked time in two zones", () => {
  it("says the visitor's clock beside the provider's, for each time on its own day's offsets", () => {
    expect(times.map((time) => twoClockLabel(i18n, time, newYork, "provider", "Europe/Oslo"))).toEqual([
      "10:00 AM (4:00 PM your time)",
      "10:00 AM (3:00 PM your time)",
      "9:00 PM (Wed 3:00 AM your time)",
    ]);
  });

  it("puts the visitor's clock first when they chose so", () => {
    expect(twoClockLabel(i18n, times[0]!, newYork, "visitor", "Europe/Oslo")).toBe("4:00 PM (10:00 AM in New York)");
  });

  it("is the provider's label alone for a visitor on the same clock", () => {
    expect(twoClockLabel(i18n, times[0]!, newYork, "provider", "America/Toronto")).toBe("10:00 AM");
  });
});
