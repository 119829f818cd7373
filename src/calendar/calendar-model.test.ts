import { describe, expect, it } from "vitest";
import type { LoadedDay } from "../contract/schemas/index.ts";
import { bookingWindow, canShowMonth, dayStatus, defaultDate, mergeDays, monthGrid, shiftMonth } from "./calendar-model.ts";

const day = (iso: string, hours: number): LoadedDay => {
  const [year, month, d] = iso.split("-").map(Number) as [number, number, number];
  return {
    id: iso,
    iso,
    year,
    month,
    day: d,
    serviceBookings: [],
    hoursToBook: Array.from({ length: hours }, () => ({
      label: "09:00",
      backendLabel: "09:00",
      date: iso,
      customerAppointmentEndLabel: "",
      appointmentEndLabel: "",
    })),
  };
};

describe("calendar model", () => {
  it("lays out a month in weeks starting Monday or Sunday", () => {
    // November 2026 starts on a Sunday.
    const monday = monthGrid({ year: 2026, month: 11 }, 1);
    expect(monday[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(monday.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
    const sunday = monthGrid({ year: 2026, month: 11 }, 0);
    expect(sunday[0]![0]).toBe("2026-11-01");
    expect(sunday.flat().filter(Boolean)).toHaveLength(30);
    expect(monthGrid({ year: 2028, month: 2 }, 1).flat().filter(Boolean)).toHaveLength(29);
  });

  it("pages months across a year end, within the booking window", () => {
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    const window = bookingWindow("2026-11-22", 60);
    expect(window).toEqual({ first: "2026-11-22", last: "2027-01-21" });
    expect(canShowMonth({ year: 2026, month: 10 }, window)).toBe(false);
    expect(canShowMonth({ year: 2026, month: 11 }, window)).toBe(true);
    expect(canShowMonth({ year: 2027, month: 1 }, window)).toBe(true);
    expect(canShowMonth({ year: 2027, month: 2 }, window)).toBe(false);
  });

  it("marks days green or red from loaded hours, and leaves the rest outside or unknown", () => {
    const window = bookingWindow("2026-11-22", 30);
    const loaded = mergeDays(new Map(), [day("2026-11-23", 3), day("2026-11-24", 0)]);
    expect(dayStatus("2026-11-23", window, loaded)).toBe("available");
    expect(dayStatus("2026-11-24", window, loaded)).toBe("full");
    expect(dayStatus("2026-11-25", window, loaded)).toBe("unknown");
    expect(dayStatus("2026-11-21", window, loaded)).toBe("outside");
    expect(dayStatus("2026-12-23", window, loaded)).toBe("outside");
    // A later answer for the same day replaces the earlier one.
    expect(dayStatus("2026-11-23", window, mergeDays(loaded, [day("2026-11-23", 0)]))).toBe("full");
  });

  it("opens on the service's first available day, else tomorrow", () => {
    expect(defaultDate("2026-11-25", "2026-11-22")).toBe("2026-11-25");
    expect(defaultDate(null, "2026-11-22")).toBe("2026-11-23");
    expect(defaultDate("2026-11-01", "2026-11-22")).toBe("2026-11-23");
  });
});
