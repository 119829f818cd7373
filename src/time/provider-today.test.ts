import { afterEach, describe, expect, it, vi } from "vitest";
import { zonedDayAround } from "../contract/zoned-time.ts";
import { knowProviderDay, providerToday } from "./provider-today.ts";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("providerToday", () => {
  it("answers a day the page's data told of without asking Intl for the zone, while the clock is inside it", () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T10:00:00Z"), toFake: ["Date"] });
    knowProviderDay(zonedDayAround("Asia/Tokyo", new Date("2026-11-28T10:00:00Z")));
    const formatters = vi.spyOn(Intl, "DateTimeFormat");
    expect(providerToday("Asia/Tokyo")).toBe("2026-11-28");
    expect(formatters).not.toHaveBeenCalled();
  });

  it("works it out again once the clock has left the known day, and for a zone it knows nothing of", () => {
    knowProviderDay(zonedDayAround("Pacific/Auckland", new Date("2026-11-28T10:00:00Z")));
    // 2026-11-28 ends in Auckland at 11:00 UTC (13:00 +13:00 is 2026-11-29 00:00).
    vi.useFakeTimers({ now: new Date("2026-11-28T11:00:00Z"), toFake: ["Date"] });
    expect(providerToday("Pacific/Auckland")).toBe("2026-11-29");
    expect(providerToday("America/Chicago")).toBe("2026-11-28");
  });

  it("ignores a day whose bounds make no sense (a stored or hostile page)", () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T10:00:00Z"), toFake: ["Date"] });
    knowProviderDay({ timeZone: "Europe/Oslo", date: "1999-01-01", from: Date.parse("2026-11-29T00:00:00Z"), until: 0 });
    knowProviderDay({ timeZone: "Europe/Oslo", date: "1999-01-01", from: 0, until: Date.parse("2030-01-01T00:00:00Z") });
    expect(providerToday("Europe/Oslo")).toBe("2026-11-28");
  });
});
