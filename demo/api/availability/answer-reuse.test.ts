import { describe, expect, it } from "vitest";
import { answerReuse, answerReuseFrom, SERVER_ANSWER_REUSE } from "./answer-reuse.ts";

/** A reuse on a clock the test moves, and a computation that counts its runs. */
function setUp(options: { maxEntries?: number; maxBytes?: number } = {}) {
  let ms = 0;
  const reuse = answerReuse({ ttlMs: 1_000, maxEntries: options.maxEntries ?? 10, maxBytes: options.maxBytes ?? 1e6, now: () => ms });
  let runs = 0;
  const compute =
    (answer: unknown = { hours: ["09:00"] }) =>
    async () => {
      runs++;
      return answer;
    };
  return {
    reuse,
    compute,
    runs: () => runs,
    advance: (by: number) => {
      ms += by;
    },
  };
}

describe("answerReuse: one computation per question and second", () => {
  it("shares one computation among the requests under way and those within the second, then computes again", async () => {
    const { reuse, compute, runs, advance } = setUp();
    const answers = await Promise.all(Array.from({ length: 100 }, () => reuse.answer("month", compute())));
    expect(new Set(answers.map((answer) => answer.json))).toEqual(new Set(['{"hours":["09:00"]}']));
    expect(runs()).toBe(1);
    advance(999);
    await reuse.answer("month", compute());
    expect(runs()).toBe(1);
    advance(1);
    await reuse.answer("month", compute());
    expect(runs()).toBe(2);
  });

  it("compresses an answer once per encoding, and the bytes decode to its JSON", async () => {
    const { reuse, compute } = setUp();
    const answer = await reuse.answer("month", compute({ hours: Array.from({ length: 500 }, (_, i) => `h${i}`) }));
    const first = await answer.encoded("gzip");
    expect(await answer.encoded("gzip")).toBe(first);
    const { gunzipSync } = await import("node:zlib");
    expect(gunzipSync(first).toString()).toBe(answer.json);
  });

  it("drops every answer when this process changes something, and keeps none computed across the change", async () => {
    const { reuse, runs } = setUp();
    await reuse.answer("day", async () => "before");
    reuse.changed();
    let finish!: (value: string) => void;
    const underWay = reuse.answer("day", () => new Promise((resolve) => (finish = resolve)));
    reuse.changed();
    finish("read before the change");
    expect((await underWay).json).toBe('"read before the change"');
    expect((await reuse.answer("day", async () => "after")).json).toBe('"after"');
    expect(runs()).toBe(0);
  });

  it("keeps no failed computation", async () => {
    const { reuse } = setUp();
    await expect(reuse.answer("day", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect((await reuse.answer("day", async () => "answered")).json).toBe('"answered"');
  });

  it("keeps at most its entries and its bytes, the oldest going first", async () => {
    const { reuse, compute } = setUp({ maxEntries: 3, maxBytes: 100 });
    for (const key of ["a", "b", "c", "d"]) await reuse.answer(key, compute("x".repeat(10)));
    expect(reuse.size()).toEqual({ entries: 3, bytes: 36 });
    await reuse.answer("large", compute("y".repeat(90)));
    expect(reuse.size().bytes).toBeLessThanOrEqual(100);
    expect(reuse.size().entries).toBe(1);
  });
});

describe("answerReuseFrom: the operator's AVAILABILITY_REUSE_MS", () => {
  it("reuses for a second by default, for the time given, never with 0, and stops the start on a wrong one", () => {
    expect(answerReuseFrom({})).toEqual(SERVER_ANSWER_REUSE);
    expect(answerReuseFrom({ AVAILABILITY_REUSE_MS: "250" })).toEqual({ ...SERVER_ANSWER_REUSE, ttlMs: 250 });
    expect(answerReuseFrom({ AVAILABILITY_REUSE_MS: "0" })).toBeUndefined();
    expect(() => answerReuseFrom({ AVAILABILITY_REUSE_MS: "-1" })).toThrow("AVAILABILITY_REUSE_MS must be a whole number of milliseconds");
  });
});
