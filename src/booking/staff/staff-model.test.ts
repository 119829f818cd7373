import { describe, expect, it } from "vitest";
import { widgetStaffMember } from "../../../tests/support/widget-builders.ts";
import { initialsOf, nextAvailableOf, sortStaff } from "./staff-model.ts";

const member = (id: number, nextAvailable: string | null) => widgetStaffMember({ id, fullName: `Person ${id}`, nextAvailable });

describe("staff step model", () => {
  it("sorts unavailable staff last and keeps the order otherwise", () => {
    const sorted = sortStaff([member(1, null), member(2, "2026-11-23T14:00:00Z"), member(3, null), member(4, "2026-11-24T14:00:00Z")]);
    expect(sorted.map((m) => m.id)).toEqual([2, 4, 1, 3]);
  });

  it("tells the next available day and time on the provider's calendar and clock", () => {
    const salon = { timeZone: "America/New_York", timeFormat: "12h" };
    // 14:00 UTC is 9:00 AM in New York in November.
    expect(nextAvailableOf(member(1, "2026-11-23T14:00:00Z"), salon, "2026-11-23")).toEqual({ day: { kind: "today" }, time: "9:00 AM" });
    // 03:00 UTC on the 24th is still the 23rd in New York.
    expect(nextAvailableOf(member(1, "2026-11-24T03:00:00Z"), salon, "2026-11-22")).toEqual({
      day: { kind: "tomorrow" },
      time: "10:00 PM",
    });
    expect(nextAvailableOf(member(1, "2026-12-24T15:30:00Z"), { timeZone: "Europe/Oslo", timeFormat: "24h" }, "2026-11-22")).toEqual({
      day: { kind: "date", isoDate: "2026-12-24" },
      time: "16:30",
    });
    expect(nextAvailableOf(member(1, null), salon, "2026-11-22")).toBeNull();
  });

  it("makes initials for members without a picture", () => {
    expect(initialsOf("Alex Morgan")).toBe("AM");
    expect(initialsOf("Lucía  Pérez Soto")).toBe("LP");
    expect(initialsOf("Cher")).toBe("C");
  });
});
