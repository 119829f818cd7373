import { describe, expect, it } from "vitest";
import { toAvailableHour } from "./hour-labels.ts";

describe("hour labels", () => {
  it("labels a slot in the provider's zone with the customer's and the blocked end", () => {
    const start = new Date("2026-12-01T15:00:00Z");
    const end = new Date("2026-12-01T15:45:00Z");
    const slot = { start, end, staffIds: [1], blocked: { start, end } };
    expect(toAvailableHour(slot, "America/Chicago", "24h", 40)).toEqual({
      label: "09:00",
      backendLabel: "09:00",
      date: "2026-12-01",
      customerAppointmentEndLabel: "09:40",
      appointmentEndLabel: "09:45",
    });
  });
});
