import { describe, expect, it } from "vitest";
import { formatOffset, offsetMinutes, timeZoneNoteNeeded } from "./time-zone-note.ts";

const winter = new Date("2026-01-15T12:00:00Z");
const summer = new Date("2026-07-15T12:00:00Z");

describe("time zone note", () => {
  it("reads offsets with daylight-saving time", () => {
    expect(offsetMinutes("Europe/Oslo", winter)).toBe(60);
    expect(offsetMinutes("Europe/Oslo", summer)).toBe(120);
    expect(offsetMinutes("America/New_York", winter)).toBe(-300);
    expect(offsetMinutes("Asia/Kolkata", winter)).toBe(330);
  });

  it("is needed only when the visitor's clock differs from the provider's on that day", () => {
    expect(timeZoneNoteNeeded("Europe/Oslo", "Europe/Oslo", winter)).toBe(false);
    expect(timeZoneNoteNeeded("Europe/Oslo", "Europe/Berlin", winter)).toBe(false);
    expect(timeZoneNoteNeeded("America/New_York", "Europe/Oslo", winter)).toBe(true);
    // London and Lisbon share an offset all year; Oslo and London never do.
    expect(timeZoneNoteNeeded("Europe/London", "Europe/Lisbon", summer)).toBe(false);
    expect(timeZoneNoteNeeded("Europe/London", "Europe/Oslo", summer)).toBe(true);
  });

  it("writes the offset as GMT±h[:mm]", () => {
    expect(formatOffset(-300)).toBe("GMT-5");
    expect(formatOffset(60)).toBe("GMT+1");
    expect(formatOffset(330)).toBe("GMT+5:30");
    expect(formatOffset(0)).toBe("GMT+0");
  });
});
