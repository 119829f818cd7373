import { describe, expect, it } from "vitest";
import { fromMinorUnits, toMinorUnits } from "./minor-units.ts";

describe("minor units (Stripe's amounts)", () => {
  it("counts cents for two-decimal currencies, whole units for zero-decimal ones, tens of the third decimal for three-decimal ones", () => {
    expect(toMinorUnits(50, "USD")).toBe(5000);
    expect(toMinorUnits(19.99, "usd")).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2, "NOK")).toBe(30);
    expect(toMinorUnits(500, "JPY")).toBe(500);
    expect(toMinorUnits(5.125, "KWD")).toBe(5130);
    expect(toMinorUnits(5.12, "KWD")).toBe(5120);
  });

  it("reads them back", () => {
    expect(fromMinorUnits(5000, "usd")).toBe(50);
    expect(fromMinorUnits(500, "JPY")).toBe(500);
    expect(fromMinorUnits(5120, "KWD")).toBe(5.12);
  });
});
