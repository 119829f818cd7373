import { describe, expect, it } from "vitest";
import { appointmentTime, zonedStart } from "./appointment-time.ts";

describe("appointmentTime", () => {
  it("formats the provider-zone parts as dd.mm.yyyy and the provider's clock", () => {
    expect(appointmentTime({ year: 2026, month: 3, day: 9, hour: 14, minute: 5 }, "24h")).toEqual({
      iso: "2026-03-09",
      date: "09.03.2026",
      time: "14:05",
    });
    expect(appointmentTime({ year: 2026, month: 12, day: 24, hour: 9, minute: 30 }, "12h")).toEqual({
      iso: "2026-12-24",
      date: "24.12.2026",
      time: "9:30 AM",
    });
    expect(appointmentTime({ year: 2026, month: 12, day: 24, hour: 0, minute: 0 }, "12h").time).toBe("12:00 AM");
  });
});

describe("zonedStart", () => {
  it("writes the provider-zone parts as ISO 8601 with that zone's offset on that day", () => {
    expect(zonedStart({ year: 2026, month: 3, day: 9, hour: 14, minute: 5 }, "Europe/Oslo")).toBe("2026-03-09T14:05:00+01:00");
    expect(zonedStart({ year: 2026, month: 3, day: 30, hour: 9, minute: 0 }, "Europe/Oslo")).toBe("2026-03-30T09:00:00+02:00");
    expect(zonedStart({ year: 2026, month: 3, day: 8, hour: 3, minute: 30 }, "America/New_York")).toBe("2026-03-08T03:30:00-04:00");
  });
});
