import { describe, expect, it } from "vitest";
import { formatClock, toAvailableHour } from "./hour-labels.ts";

describe("hour labels", () => {
  it("formats 24-hour and 12-hour clocks", () => {
    expect(formatClock(9, 5, "24h")).toBe("09:05");
    expect(formatClock(0, 30, "12h")).toBe("12:30 AM");
    expect(formatClock(12, 0, "12h")).toBe("12:00 PM");
    expect(formatClock(16, 45, "12h")).toBe("4:45 PM");
  });

  it("labels a slot in the provider's zone with the customer's and the blocked end", () => {
    const slot = { start: new Date("2026-12-01T15:00:00Z"), end: new Date("2026-12-01T15:45:00Z"), staffIds: [1] };
    expect(toAvailableHour(slot, "America/Chicago", "24h", 40)).toEqual({
      label: "09:00",
      backendLabel: "09:00",
      date: "2026-12-01",
      customerAppointmentEndLabel: "09:40",
      appointmentEndLabel: "09:45",
    });
  });
});
