import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedClock } from "../clock.ts";
import { silentLogger } from "../logger.ts";
import { networkOf } from "../client-address.ts";
import { batchedCounts, FLUSH_EVERY_MS, type WindowLimit } from "./batched-counts.ts";

const perAddress: WindowLimit = { scope: "read:address", max: 300, windowMs: 60_000 };
const perNetwork: WindowLimit = { scope: "read:network", max: 1500, windowMs: 60_000 };
const clock = fixedClock("2026-11-18T15:10:00Z");

/** A database that answers each upsert with the counts it was sent (as a first window's rows), and notes the batches. */
function recordingDb() {
  const batches: { keys: string[]; counts: number[] }[] = [];
  return {
    batches,
    async query<Row>(_sql: string, params: unknown[] = []): Promise<Row[]> {
      const [scopes, keys, counts, starts] = params as [string[], string[], number[], string[]];
      batches.push({ keys, counts });
      return scopes.map((scope, i) => ({ scope, key: keys[i], count: counts[i], windowStartedAt: starts[i] })) as Row[];
    },
  };
}

afterEach(() => vi.useRealTimers());

describe("batched counts in memory", () => {
  it("stay within their bound under distinct addresses twenty times that many, and still refuse their network's flood", () => {
    const counts = batchedCounts({ db: recordingDb(), logger: silentLogger, wallClock: () => clock.now() });
    let allowed = 0;
    // A million would only take longer: each key past the bound costs the same as these.
    for (let i = 0; i < 200_000; i += 1) {
      // Each a /64 of its own, all of one /48: one address's count is small, the network's is not.
      const address = `2001:db8:1:${i}::/64`;
      if (
        !counts.take([
          [perAddress, address],
          [perNetwork, networkOf(address)],
        ])
      )
        allowed += 1;
      if (i % 1000 === 0) expect(counts.size).toBeLessThanOrEqual(10_000);
    }
    expect(allowed).toBe(perNetwork.max);
  });

  it("count by network alone when every key waits to be shared", () => {
    const counts = batchedCounts({ db: recordingDb(), logger: silentLogger, wallClock: () => clock.now(), maxEntries: 10 });
    // Nine addresses past a tenth of their limit (waiting for the flush), and one network's key.
    for (let host = 1; host <= 9; host += 1) {
      for (let i = 0; i < 30; i += 1)
        counts.take([
          [perAddress, `198.51.100.${host}`],
          [perNetwork, "198.51.100.0/24"],
        ]);
    }
    expect(counts.size).toBe(10);
    // A tenth address has no room of its own: its network still counts it, up to the network's limit.
    let allowed = 0;
    for (let i = 0; i < 2000; i += 1)
      if (
        !counts.take([
          [perAddress, "198.51.100.10"],
          [perNetwork, "198.51.100.0/24"],
        ])
      )
        allowed += 1;
    expect(allowed).toBe(perNetwork.max - 9 * 30);
    expect(counts.size).toBe(10);
  });

  it("never write a key that stays under a tenth of its limit; a key beyond it is shared with its total", async () => {
    const db = recordingDb();
    const counts = batchedCounts({ db, logger: silentLogger, wallClock: () => clock.now() });
    for (let i = 0; i < 29; i += 1) counts.take([[perAddress, "198.51.100.1"]]);
    for (let i = 0; i < 31; i += 1) counts.take([[perAddress, "198.51.100.2"]]);
    await counts.flush();
    expect(db.batches).toEqual([{ keys: ["198.51.100.2"], counts: [31] }]);
    // Once shared, every later count is too.
    counts.take([[perAddress, "198.51.100.2"]]);
    await counts.flush();
    expect(db.batches.at(-1)).toEqual({ keys: ["198.51.100.2"], counts: [1] });
  });

  it("are shared every FLUSH_EVERY_MS while the loop runs, and no more once it stops", async () => {
    vi.useFakeTimers();
    const db = recordingDb();
    const counts = batchedCounts({ db, logger: silentLogger, wallClock: () => clock.now() });
    counts.start();
    for (let i = 0; i < 40; i += 1) counts.take([[perAddress, "198.51.100.3"]]);
    await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
    expect(db.batches).toHaveLength(1);
    await counts.stop();
    counts.take([[perAddress, "198.51.100.3"]]);
    await vi.advanceTimersByTimeAsync(10 * FLUSH_EVERY_MS);
    expect(db.batches).toHaveLength(1);
  });

  it("keep trying, less often, while the database fails", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const errors: string[] = [];
    const counts = batchedCounts({
      db: {
        query: async () => {
          calls += 1;
          throw new Error("connect ECONNREFUSED");
        },
      },
      logger: { ...silentLogger, error: (message) => errors.push(message) },
      wallClock: () => clock.now(),
    });
    counts.start();
    for (let i = 0; i < 40; i += 1) counts.take([[perAddress, "198.51.100.4"]]);
    await vi.advanceTimersByTimeAsync(10_000);
    // 0.25 s, then 0.5, 1, 2, 4 s apart: not every 250 ms.
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(calls).toBeLessThan(10);
    expect(errors.every((message) => message === "read counts flush failed")).toBe(true);
    await counts.stop();
  });
});
