import { describe, expect, it, vi } from "vitest";
import { shortCache } from "./short-cache.ts";

describe("shortCache", () => {
  it("computes once for the requests that ask meanwhile, those under way included", async () => {
    const cache = shortCache<string>({ ttlMs: 5000, maxEntries: 10 });
    let finish: (value: string) => void = () => undefined;
    const compute = vi.fn(() => new Promise<string>((done) => (finish = done)));
    const asked = Array.from({ length: 1000 }, () => cache("demo-salon", compute));
    finish("page");
    expect(await Promise.all(asked)).toEqual(Array(1000).fill("page"));
    expect(await cache("demo-salon", compute)).toBe("page");
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it("computes anew once the answer is older than ttlMs, and per key", async () => {
    let now = 0;
    const cache = shortCache<number>({ ttlMs: 5000, maxEntries: 10, now: () => now });
    let count = 0;
    const compute = async () => ++count;
    expect(await cache("a", compute)).toBe(1);
    now = 4999;
    expect(await cache("a", compute)).toBe(1);
    expect(await cache("b", compute)).toBe(2);
    now = 5000;
    expect(await cache("a", compute)).toBe(3);
  });

  it("keeps no failed answer and none `keep` refuses", async () => {
    const cache = shortCache<string | null>({ ttlMs: 5000, maxEntries: 10, keep: (value) => value !== null });
    await expect(cache("a", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache("a", async () => "page")).toBe("page");
    expect(await cache("unknown", async () => null)).toBeNull();
    await Promise.resolve();
    expect(await cache("unknown", async () => "made since")).toBe("made since");
  });

  it("holds at most maxEntries answers, dropping the oldest", async () => {
    const cache = shortCache<string>({ ttlMs: 5000, maxEntries: 2 });
    const compute = vi.fn(async () => "answer");
    for (const key of ["a", "b", "c"]) await cache(key, compute);
    await cache("c", compute);
    await cache("b", compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await cache("a", compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });
});
