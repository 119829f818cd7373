import { describe, expect, it } from "vitest";
import { windowTimeLabel, windowTimes } from "./window-times.ts";

const week = [
  { dayOfWeek: 2, openTime: "10:00", closeTime: "18:00" },
  { dayOfWeek: 6, openTime: "09:30", closeTime: "14:00" },
];

describe("the waitlist's window times", () => {
  it("run from the week's first opening to its last closing at the page's step", () => {
    const times = windowTimes(week, 30, "24h");
    expect(times[0]).toEqual({ value: "09:30", label: "09:30" });
    expect(times.at(-1)).toEqual({ value: "18:00", label: "18:00" });
    expect(times).toHaveLength(18);
    expect(windowTimes(week, 15, "24h").map((time) => time.value)).toContain("10:45");
  });

  it("are labelled in the page's time format, valued as the API takes them", () => {
    expect(windowTimes(week, 30, "12h").slice(0, 6)).toEqual([
      { value: "09:30", label: "9:30 AM" },
      { value: "10:00", label: "10:00 AM" },
      { value: "10:30", label: "10:30 AM" },
      { value: "11:00", label: "11:00 AM" },
      { value: "11:30", label: "11:30 AM" },
      { value: "12:00", label: "12:00 PM" },
    ]);
  });

  it("are none for a page closed all week", () => {
    expect(windowTimes([], 15, "24h")).toEqual([]);
  });

  it("say a kept window's time in the page's format", () => {
    expect(windowTimeLabel("17:00", "12h")).toBe("5:00 PM");
    expect(windowTimeLabel("09:15", "24h")).toBe("09:15");
  });
});
