import { describe, expect, it } from "vitest";
import { birthdateOf, birthYears } from "./information-form.ts";

describe("information form model", () => {
  it("builds a birthdate only from a real calendar date", () => {
    expect(birthdateOf("1990", "2", "28")).toBe("1990-02-28");
    expect(birthdateOf("1990", "2", "30")).toBe("");
    expect(birthdateOf("2000", "2", "29")).toBe("2000-02-29");
    expect(birthdateOf("1990", "", "1")).toBe("");
  });

  it("offers the years from this year back to 1950", () => {
    const years = birthYears("2026-11-22");
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1950);
    expect(years).toHaveLength(77);
  });
});
