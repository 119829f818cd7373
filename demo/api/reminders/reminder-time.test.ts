import { describe, expect, it } from "vitest";
import { reminderDueAt } from "./reminder-time.ts";

const start = new Date("2026-11-20T15:00:00Z");

describe("reminderDueAt", () => {
  it("is the set number of hours before the start", () => {
    expect(reminderDueAt(start, new Date("2026-11-18T10:00:00Z"), 24, true)).toEqual(new Date("2026-11-19T15:00:00Z"));
    expect(reminderDueAt(start, new Date("2026-11-18T10:00:00Z"), 2, true)).toEqual(new Date("2026-11-20T13:00:00Z"));
  });

  it("counts real hours across a daylight-saving change (Oslo, 25 October 2026)", () => {
    // 10:00 in Oslo on Sunday 25 October (CET, UTC+1, since 03:00); 24 hours before is 11:00 on Saturday (CEST, UTC+2).
    const sunday = new Date("2026-10-25T09:00:00Z");
    expect(reminderDueAt(sunday, new Date("2026-10-20T09:00:00Z"), 24, true)).toEqual(new Date("2026-10-24T09:00:00Z"));
  });

  it("is none for a page without reminders, or a booking made inside the window", () => {
    expect(reminderDueAt(start, new Date("2026-11-18T10:00:00Z"), 24, false)).toBeNull();
    expect(reminderDueAt(start, new Date("2026-11-19T16:00:00Z"), 24, true)).toBeNull();
    expect(reminderDueAt(start, new Date("2026-11-19T15:00:00Z"), 24, true)).toBeNull();
  });
});
