import { describe, expect, it } from "vitest";
import { seriesDates, seriesFitting } from "./series.ts";

describe("a weekly series", () => {
  it("steps by whole weeks from the first date, across a month and a year", () => {
    expect(seriesDates("2026-12-21", 1, 3)).toEqual(["2026-12-21", "2026-12-28", "2027-01-04"]);
    expect(seriesDates("2027-03-09", 2, 3)).toEqual(["2027-03-09", "2027-03-23", "2027-04-06"]);
  });

  it("fits as many occurrences as the booking window and the service allow", () => {
    expect(seriesFitting("2026-12-01", 1, 8, "2026-12-31")).toBe(5);
    expect(seriesFitting("2026-12-01", 2, 8, "2026-12-31")).toBe(3);
    expect(seriesFitting("2026-12-01", 1, 4, "2027-06-01")).toBe(4);
    expect(seriesFitting("2026-12-30", 1, 4, "2026-12-31")).toBe(1);
  });
});
