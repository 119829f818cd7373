import { describe, expect, it } from "vitest";
import { RETRY_DELAYS_MS, retryDelayMs } from "./retry-policy.ts";

describe("retryDelayMs", () => {
  it("waits longer after each failed attempt", () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt))).toEqual([...RETRY_DELAYS_MS]);
  });

  it("gives up after the last delay: the seventh failed attempt is final", () => {
    expect(retryDelayMs(7)).toBeNull();
    expect(retryDelayMs(3, [10, 20])).toBeNull();
    expect(retryDelayMs(2, [10, 20])).toBe(20);
  });
});
