import { describe, expect, it } from "vitest";
import { afterFailedAttempt, RETRY_DELAYS_MS, retryDelayMs } from "./retry-policy.ts";

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

describe("afterFailedAttempt", () => {
  const now = new Date("2026-11-28T12:00:00Z");
  const recorder = () => {
    const done: string[] = [];
    return {
      done,
      ends: {
        giveUp: async () => void done.push("gave up"),
        retryAt: async (at: Date, delayMs: number) => void done.push(`retry at ${at.toISOString()} in ${delayMs}`),
      },
    };
  };

  it("tries the row again after the policy's wait for its attempts", async () => {
    const { done, ends } = recorder();
    expect(await afterFailedAttempt({ made: 2 }, now, [10_000, 60_000], ends)).toBe("retried");
    expect(done).toEqual(["retry at 2026-11-28T12:01:00.000Z in 60000"]);
  });

  it("gives up when no wait is left, and at once on a lasting failure", async () => {
    const last = recorder();
    expect(await afterFailedAttempt({ made: 3 }, now, [10_000, 60_000], last.ends)).toBe("failed");
    expect(last.done).toEqual(["gave up"]);
    const lasting = recorder();
    expect(await afterFailedAttempt({ made: 1, lasting: true }, now, [10_000, 60_000], lasting.ends)).toBe("failed");
    expect(lasting.done).toEqual(["gave up"]);
  });
});
