import { describe, expect, it } from "vitest";
import { bookingSteps, canGoBack, leavingNeedsConfirmation, previousStep, showsCalendar, stepKind } from "./steps.ts";

describe("booking steps", () => {
  it("has five steps without staff selection and six with it", () => {
    expect(bookingSteps(false)).toEqual(["service", "time", "information", "confirm", "receipt"]);
    expect(bookingSteps(true)).toEqual(["service", "staff", "time", "information", "confirm", "receipt"]);
  });

  it("maps step numbers to kinds, clamping out-of-range numbers", () => {
    expect(stepKind(2, true)).toBe("staff");
    expect(stepKind(2, false)).toBe("time");
    expect(stepKind(5, false)).toBe("receipt");
    expect(stepKind(0, false)).toBe("service");
    expect(stepKind(99, true)).toBe("receipt");
  });

  it("offers back above step 1 except on the receipt", () => {
    expect(canGoBack(1, true)).toBe(false);
    expect(canGoBack(2, true)).toBe(true);
    expect(canGoBack(5, true)).toBe(true);
    expect(canGoBack(6, true)).toBe(false);
    expect(canGoBack(5, false)).toBe(false);
  });

  it("goes back one step at a time, never below 1", () => {
    expect(previousStep(3)).toBe(2);
    expect(previousStep(1)).toBe(1);
  });

  it("shows the calendar from the time step onward", () => {
    expect(showsCalendar(2, true)).toBe(false);
    expect(showsCalendar(3, true)).toBe(true);
    expect(showsCalendar(2, false)).toBe(true);
  });

  it("asks before leaving for My Page only from steps 2 to 4", () => {
    expect([1, 2, 3, 4, 5].map(leavingNeedsConfirmation)).toEqual([false, true, true, true, false]);
  });
});
