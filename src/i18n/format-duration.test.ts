import { describe, expect, it } from "vitest";
import { customerDuration, formatDuration } from "./format-duration.ts";

describe("formatDuration", () => {
  it("shows minutes up to 60 and hours plus minutes above", () => {
    expect(formatDuration(15, "en")).toBe("15 min");
    expect(formatDuration(60, "en")).toBe("60 min");
    expect(formatDuration(61, "en")).toBe("1 h 1 min");
    expect(formatDuration(90, "es")).toBe("1 h 30 min");
    expect(formatDuration(120, "en")).toBe("2 h");
    expect(formatDuration(720, "en")).toBe("12 h");
  });
  it("writes the Norwegian hour unit as t", () => {
    expect(formatDuration(45, "no")).toBe("45 min");
    expect(formatDuration(90, "no")).toBe("1 t 30 min");
    expect(formatDuration(120, "no")).toBe("2 t");
  });
  it("prefers the customer-facing duration when above 0", () => {
    expect(customerDuration({ durationInMinutes: 45, serviceDurationInMinutes: 40 })).toBe(40);
    expect(customerDuration({ durationInMinutes: 45, serviceDurationInMinutes: 0 })).toBe(45);
    expect(customerDuration({ durationInMinutes: 45, serviceDurationInMinutes: null })).toBe(45);
  });
});
