import { describe, expect, it } from "vitest";
import { firstAvailableDay } from "./first-available.ts";

describe("first-available label", () => {
  it("names today, tomorrow and the day after tomorrow, across a month end", () => {
    expect(firstAvailableDay("2026-11-30", "2026-11-30")).toEqual({ kind: "today" });
    expect(firstAvailableDay("2026-12-01", "2026-11-30")).toEqual({ kind: "tomorrow" });
    expect(firstAvailableDay("2026-12-02", "2026-11-30")).toEqual({ kind: "dayAfterTomorrow" });
  });

  it("gives later days as a date, and says when there is none", () => {
    expect(firstAvailableDay("2026-12-03", "2026-11-30")).toEqual({ kind: "date", isoDate: "2026-12-03" });
    expect(firstAvailableDay(null, "2026-11-30")).toEqual({ kind: "none" });
  });
});
