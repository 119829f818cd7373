import { describe, expect, it } from "vitest";
import { customerDuration, formatDuration } from "./format-duration.ts";

describe("formatDuration", () => {
  it("shows minutes up to 60 and hours plus minutes above", () => {
    expect(formatDuration(15)).toBe("15 min");
    expect(formatDuration(60)).toBe("60 min");
    expect(formatDuration(90)).toBe("1 h 30 min");
    expect(formatDuration(120)).toBe("2 h");
  });
  it("prefers the customer-facing duration when above 0", () => {
    expect(customerDuration({ durationInMinutes: 45, serviceDurationInMinutes: 40 })).toBe(40);
    expect(customerDuration({ durationInMinutes: 45, serviceDurationInMinutes: 0 })).toBe(45);
    expect(customerDuration({ durationInMinutes: 45, serviceDurationInMinutes: null })).toBe(45);
  });
});
