import { describe, expect, it } from "vitest";
import { daySearchOf, daysShown, shiftDate } from "./day-search.ts";

describe("the day's address", () => {
  it("reads date, view and staff member, and falls back to today's day view for a bad value", () => {
    expect(daySearchOf({ date: "2026-12-24", view: "week", staff: "3" }, "2026-12-03")).toEqual({
      date: "2026-12-24",
      view: "week",
      staff: 3,
    });
    expect(daySearchOf({ date: "24.12.2026", view: "month", staff: "x" }, "2026-12-03")).toEqual({ date: "2026-12-03", view: "day" });
    expect(daySearchOf({}, "2026-12-03")).toEqual({ date: "2026-12-03", view: "day" });
  });

  it("steps by a day in the day view and a week in the week view", () => {
    expect(shiftDate({ date: "2026-12-31", view: "day" }, 1)).toBe("2027-01-01");
    expect(shiftDate({ date: "2026-12-03", view: "week" }, -1)).toBe("2026-11-26");
  });

  it("shows the date alone, or its week from Monday", () => {
    expect(daysShown({ date: "2026-12-03", view: "day" })).toEqual(["2026-12-03"]);
    expect(daysShown({ date: "2026-12-06", view: "week" })[0]).toBe("2026-11-30");
  });
});
