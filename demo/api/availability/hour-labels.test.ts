import { describe, expect, it } from "vitest";
import { hourLabeller } from "./hour-labels.ts";

describe("hour labels", () => {
  it("labels a slot in the provider's zone with the customer's and the blocked end", () => {
    const start = new Date("2026-12-01T15:00:00Z");
    const end = new Date("2026-12-01T15:45:00Z");
    const slot = { start, end, staffIds: [1], blocked: { start, end } };
    expect(hourLabeller("America/Chicago", "24h", 40)(slot)).toEqual({
      label: "09:00",
      backendLabel: "09:00",
      date: "2026-12-01",
      customerAppointmentEndLabel: "09:40",
      appointmentEndLabel: "09:45",
    });
  });

  it("labels every slot of a night the clocks go back as if each were labelled alone", () => {
    // Oslo, 25 October 2026: 02:00–03:00 happens twice; half-hour slots an hour long share their ends.
    const label = hourLabeller("Europe/Oslo", "24h", 30);
    const from = Date.parse("2026-10-24T22:00:00Z");
    const labels = Array.from({ length: 8 }, (_, i) => {
      const start = new Date(from + i * 1_800_000);
      const end = new Date(start.getTime() + 3_600_000);
      return label({ start, end, staffIds: [1], blocked: { start, end } });
    });
    expect(labels.map((l) => `${l.label}-${l.customerAppointmentEndLabel}-${l.appointmentEndLabel}`)).toEqual([
      "00:00-00:30-01:00",
      "00:30-01:00-01:30",
      "01:00-01:30-02:00",
      "01:30-02:00-02:30",
      "02:00-02:30-02:00",
      "02:30-02:00-02:30",
      "02:00-02:30-03:00",
      "02:30-03:00-03:30",
    ]);
  });
});
