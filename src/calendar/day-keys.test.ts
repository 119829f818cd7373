import { describe, expect, it } from "vitest";
import { bookingWindow } from "./calendar-model.ts";
import { dayForKey, tabStopDay } from "./day-keys.ts";

// 2026-11-26 is a Thursday; the window runs from 2026-11-24 for 90 days (to 2027-02-22).
const window = bookingWindow("2026-11-24", 90);
const from = "2026-11-26";

describe("calendar keys (WAI-ARIA date grid)", () => {
  it("moves by day with left/right and by week with up/down", () => {
    expect(dayForKey({ key: "ArrowRight" }, from, 1, window)).toBe("2026-11-27");
    expect(dayForKey({ key: "ArrowLeft" }, from, 1, window)).toBe("2026-11-25");
    expect(dayForKey({ key: "ArrowDown" }, from, 1, window)).toBe("2026-12-03");
    expect(dayForKey({ key: "ArrowRight" }, "2026-11-30", 1, window)).toBe("2026-12-01");
  });

  it("goes to the week's first and last day, which depend on the week's start", () => {
    expect(dayForKey({ key: "Home" }, "2026-12-03", 1, window)).toBe("2026-11-30");
    expect(dayForKey({ key: "End" }, "2026-12-03", 1, window)).toBe("2026-12-06");
    expect(dayForKey({ key: "Home" }, "2026-12-03", 0, window)).toBe("2026-11-29");
    expect(dayForKey({ key: "End" }, "2026-12-03", 0, window)).toBe("2026-12-05");
  });

  it("pages by month (and by year with Shift), keeping the day or taking the month's last", () => {
    expect(dayForKey({ key: "PageDown" }, from, 1, window)).toBe("2026-12-26");
    expect(dayForKey({ key: "PageDown" }, "2027-01-31", 1, bookingWindow("2027-01-01", 400))).toBe("2027-02-28");
    expect(dayForKey({ key: "PageUp" }, "2027-01-15", 1, window)).toBe("2026-12-15");
    expect(dayForKey({ key: "PageDown", shiftKey: true }, "2027-01-15", 1, bookingWindow("2027-01-01", 800))).toBe("2028-01-15");
  });

  it("stays inside the booking window", () => {
    expect(dayForKey({ key: "ArrowLeft" }, "2026-11-24", 1, window)).toBe("2026-11-24");
    expect(dayForKey({ key: "ArrowUp" }, from, 1, window)).toBe("2026-11-24");
    expect(dayForKey({ key: "PageUp" }, from, 1, window)).toBe("2026-11-24");
    expect(dayForKey({ key: "PageDown" }, "2027-02-10", 1, window)).toBe("2027-02-22");
    expect(dayForKey({ key: "End" }, "2027-02-22", 1, window)).toBe("2027-02-22");
  });

  it("leaves other keys to the browser", () => {
    expect(dayForKey({ key: "Tab" }, from, 1, window)).toBeNull();
    expect(dayForKey({ key: "Enter" }, from, 1, window)).toBeNull();
  });

  it("has one Tab stop per month: the preferred day shown, else the month's first bookable day", () => {
    expect(tabStopDay({ year: 2026, month: 12 }, window, ["2026-12-09", "2026-12-01"])).toBe("2026-12-09");
    expect(tabStopDay({ year: 2026, month: 12 }, window, ["2026-11-26", null, "2026-12-04"])).toBe("2026-12-04");
    expect(tabStopDay({ year: 2026, month: 11 }, window, [undefined])).toBe("2026-11-24");
    expect(tabStopDay({ year: 2026, month: 11 }, window, ["2026-11-02"])).toBe("2026-11-24");
    expect(tabStopDay({ year: 2027, month: 1 }, window, [])).toBe("2027-01-01");
  });
});
