import { describe, expect, it } from "vitest";
import { providerClock } from "./provider-clock.ts";

const oslo24 = { timeZone: "Europe/Oslo", timeFormat: "24h" };
const newYork12 = { timeZone: "America/New_York", timeFormat: "12h" };
// 07:18 UTC in winter: 08:18 in Oslo, 2:18 AM in New York.
const winter = new Date("2026-12-03T07:18:40Z");

describe("an instant on the provider's clock", () => {
  it("is the provider's wall clock in the page's format, not the browser's", () => {
    expect(providerClock(winter, oslo24, "Europe/Oslo")).toEqual({ time: "08:18", zone: null });
    expect(providerClock(winter.getTime(), newYork12, "America/New_York")).toEqual({ time: "2:18 AM", zone: null });
  });

  it("names the provider's place when the visitor's clock differs at that moment", () => {
    expect(providerClock(winter, oslo24, "UTC")).toEqual({ time: "08:18", zone: "Oslo" });
    expect(providerClock(winter, newYork12, "Europe/Oslo")).toEqual({ time: "2:18 AM", zone: "New York" });
    // Berlin keeps Oslo's clock: no place to name.
    expect(providerClock(winter, oslo24, "Europe/Berlin")).toEqual({ time: "08:18", zone: null });
  });

  it("follows daylight-saving time", () => {
    expect(providerClock(new Date("2026-07-01T07:18:00Z"), oslo24, "UTC").time).toBe("09:18");
  });
});
