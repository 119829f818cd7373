import { describe, expect, it } from "vitest";
import { isoWithOffset } from "./iso-with-offset.ts";

describe("isoWithOffset", () => {
  it("writes the zone's wall clock with its offset, winter and summer", () => {
    expect(isoWithOffset(new Date("2026-03-10T08:00:00Z"), "Europe/Oslo")).toBe("2026-03-10T09:00:00+01:00");
    expect(isoWithOffset(new Date("2026-07-01T07:15:00Z"), "Europe/Oslo")).toBe("2026-07-01T09:15:00+02:00");
  });

  it("crosses a date line and a negative or half-hour offset", () => {
    expect(isoWithOffset(new Date("2026-03-08T04:30:00Z"), "America/New_York")).toBe("2026-03-07T23:30:00-05:00");
    expect(isoWithOffset(new Date("2026-03-08T07:30:00Z"), "America/New_York")).toBe("2026-03-08T03:30:00-04:00");
    expect(isoWithOffset(new Date("2026-01-01T00:00:00Z"), "Asia/Kolkata")).toBe("2026-01-01T05:30:00+05:30");
  });

  it("reads back as the same instant", () => {
    const instant = new Date("2026-10-25T00:45:00Z");
    expect(new Date(isoWithOffset(instant, "Europe/Oslo")).getTime()).toBe(instant.getTime());
  });
});
