import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../logger.ts";
import { backoffMs, batchWorker, claimedRowsPass, MAX_BACKOFF_MS } from "./batch-worker.ts";

describe("backoffMs", () => {
  it("is the interval until a pass fails, then doubles per failure in a row, up to its bound", () => {
    expect([0, 1, 2, 3, 10].map((failures) => backoffMs(2000, failures))).toEqual([2000, 4000, 8000, 16000, MAX_BACKOFF_MS]);
    // An interval longer than the bound is never shortened by a failure.
    expect(backoffMs(60_000, 3)).toBe(60_000);
  });
});

describe("a worker whose passes fail (its database down)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps going, asks less often while they fail, and at its interval again once one works", async () => {
    let down = true;
    const passes: number[] = [];
    const worker = batchWorker(
      async () => {
        passes.push(Date.now());
        if (down) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        return { sent: 0 };
      },
      { name: "test", batchSize: 10, logger: silentLogger },
    );
    const start = Date.now();
    worker.start(1000);
    await vi.advanceTimersByTimeAsync(15_000);
    // At 0, then 2 s, 4 s and 8 s after each failure: 0, 2, 6, 14.
    expect(passes.map((at) => at - start)).toEqual([0, 2000, 6000, 14_000]);
    down = false;
    await vi.advanceTimersByTimeAsync(16_000);
    // The next pass (16 s after the last failure) works: from then on every second.
    passes.length = 0;
    await vi.advanceTimersByTimeAsync(3000);
    expect(passes).toHaveLength(3);
    await worker.stop();
  });
});

describe("claimedRowsPass", () => {
  it("attempts every claimed row and counts each kind of ending, 0 for a kind none ended in", async () => {
    const attempted: number[] = [];
    const pass = claimedRowsPass(
      async () => [1, 2, 3],
      async (row: number): Promise<"sent" | "retried" | "failed"> => {
        attempted.push(row);
        return row === 2 ? "retried" : "sent";
      },
      ["sent", "retried", "failed"],
    );
    expect(await pass()).toEqual({ sent: 2, retried: 1, failed: 0 });
    expect(attempted.sort()).toEqual([1, 2, 3]);
  });
});
