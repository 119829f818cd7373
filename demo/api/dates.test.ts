import { describe, expect, it } from "vitest";
import { todayIn } from "booking-widget/contract";
import { resolveFixtureDate } from "./dates.ts";

describe("fixture dates", () => {
  // 2026-03-01 03:00 UTC is still 28 February in New York and already 1 March in Oslo.
  const now = new Date("2026-03-01T03:00:00Z");

  it("knows today's date in the provider's time zone", () => {
    expect(todayIn("America/New_York", now)).toBe("2026-02-28");
    expect(todayIn("Europe/Oslo", now)).toBe("2026-03-01");
  });

  it("resolves relative and absolute fixture dates", () => {
    expect(resolveFixtureDate("today+13", "America/New_York", now)).toBe("2026-03-13");
    expect(resolveFixtureDate("today", "Europe/Oslo", now)).toBe("2026-03-01");
    expect(resolveFixtureDate("2026-12-24", "Europe/Oslo", now)).toBe("2026-12-24");
  });
});
