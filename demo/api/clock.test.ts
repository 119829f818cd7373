import { describe, expect, it } from "vitest";
import { clockFromEnvironment, fixedClock, parseInstant, systemClock } from "./clock.ts";

describe("clock", () => {
  it("stands still at a fixed instant until it is moved", () => {
    const clock = fixedClock("2026-03-08T06:59:00Z");
    expect(clock.now().toISOString()).toBe("2026-03-08T06:59:00.000Z");
    expect(clock.now().toISOString()).toBe("2026-03-08T06:59:00.000Z");
    clock.advanceMinutes(15);
    expect(clock.now().toISOString()).toBe("2026-03-08T07:14:00.000Z");
    clock.set("2026-03-08T08:00:00+01:00");
    expect(clock.now().toISOString()).toBe("2026-03-08T07:00:00.000Z");
    // An answer cannot move the clock.
    clock.now().setTime(0);
    expect(clock.now().toISOString()).toBe("2026-03-08T07:00:00.000Z");
  });

  it("takes only instants with an offset, naming the setting otherwise", () => {
    expect(parseInstant("2026-10-25T00:59:59.500Z", "X").getTime()).toBe(Date.UTC(2026, 9, 25, 0, 59, 59, 500));
    expect(parseInstant("2026-10-25T02:30+02:00", "X").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    for (const bad of ["2026-10-25", "2026-10-25T02:30", "today", "", "2026-13-01T00:00:00Z"]) {
      expect(() => parseInstant(bad, "FIXED_NOW"), bad).toThrow(
        `FIXED_NOW must be an ISO 8601 instant with an offset, such as 2026-03-08T06:59:00Z (got ${JSON.stringify(bad)})`,
      );
    }
  });

  it("is the system clock unless FIXED_NOW is set", () => {
    expect(clockFromEnvironment(undefined)).toBe(systemClock);
    expect(clockFromEnvironment("2026-03-08T06:59:00Z").now().toISOString()).toBe("2026-03-08T06:59:00.000Z");
    expect(() => clockFromEnvironment("soon")).toThrow(/^FIXED_NOW must be/);
  });
});
