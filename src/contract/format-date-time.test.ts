import { describe, expect, it } from "vitest";
import { formatClock, formatDate } from "./format-date-time.ts";

describe("date and time formats (spec §9)", () => {
  it("writes times as hh:mm, or 12-hour when the provider's timeFormat says so", () => {
    expect(formatClock(9, 5, "24h")).toBe("09:05");
    expect(formatClock(9, 5, null)).toBe("09:05");
    expect(formatClock(0, 30, "12h")).toBe("12:30 AM");
    expect(formatClock(12, 0, "12h")).toBe("12:00 PM");
    expect(formatClock(16, 45, "12h")).toBe("4:45 PM");
    expect(formatClock(23, 59, "12h")).toBe("11:59 PM");
  });

  it("writes dates as dd.mm.yyyy", () => {
    expect(formatDate("2026-03-09")).toBe("09.03.2026");
    expect(formatDate("2026-12-31")).toBe("31.12.2026");
  });
});
