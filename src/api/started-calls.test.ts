import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./errors.ts";
import { createStartedCalls, STARTED_CALL_MAX_AGE_MS } from "./started-calls.ts";

describe("createStartedCalls", () => {
  it("hands a started call to its first taker, then asks again", async () => {
    const calls = createStartedCalls();
    const provider = vi.fn().mockResolvedValueOnce("early").mockResolvedValueOnce("fresh");
    calls.start(["provider", "demo-salon"], provider);
    expect(provider).toHaveBeenCalledTimes(1);
    await expect(calls.take(["provider", "demo-salon"], provider)).resolves.toBe("early");
    await expect(calls.take(["provider", "demo-salon"], provider)).resolves.toBe("fresh");
    expect(provider).toHaveBeenCalledTimes(2);
  });

  it("hands a prefetch (untilAnswered) out while it is under way; once it has answered, its taker asks afresh", async () => {
    const calls = createStartedCalls();
    let answer!: (value: string) => void;
    const running = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    calls.start(["hours", "a"], running, { untilAnswered: true });
    const taken = calls.take(["hours", "a"], () => Promise.resolve("fresh"));
    answer("prefetched");
    await expect(taken).resolves.toBe("prefetched");

    const answered = vi.fn().mockResolvedValue("prefetched");
    await calls.start(["hours", "b"], answered, { untilAnswered: true });
    await expect(calls.take(["hours", "b"], () => Promise.resolve("fresh"))).resolves.toBe("fresh");
    expect(answered).toHaveBeenCalledTimes(1);
  });

  it("starts a key once, and a taker of another key makes its own call", async () => {
    const calls = createStartedCalls();
    const first = vi.fn().mockResolvedValue(1);
    calls.start(["services", 7], first);
    calls.start(["services", 7], first);
    expect(first).toHaveBeenCalledTimes(1);
    await expect(calls.take(["services", 8], () => Promise.resolve(8))).resolves.toBe(8);
  });

  it("makes a failed started call anew for its taker, and an untaken failure is no unhandled rejection", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    const calls = createStartedCalls();
    calls.start(["services", 1], () => Promise.reject(new Error("offline")));
    calls.start(["services", 2], () => Promise.reject(new Error("never taken")));
    await expect(calls.take(["services", 1], () => Promise.resolve("asked again"))).resolves.toBe("asked again");
    await expect(calls.take(["services", 1], () => Promise.reject(new Error("still offline")))).rejects.toThrow("still offline");
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off("unhandledRejection", unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it("hands out no answer started more than 30 s ago, and starts such a key again", async () => {
    let now = 0;
    const calls = createStartedCalls(() => now);
    const hours = vi.fn().mockResolvedValueOnce("old").mockResolvedValueOnce("new").mockResolvedValue("newer");
    calls.start(["hours-day", "x"], hours);
    now = STARTED_CALL_MAX_AGE_MS + 1;
    await expect(calls.take(["hours-day", "x"], hours)).resolves.toBe("new");
    calls.start(["hours-day", "x"], hours);
    calls.start(["hours-day", "x"], hours);
    expect(hours).toHaveBeenCalledTimes(3);
    now += STARTED_CALL_MAX_AGE_MS + 1;
    calls.start(["hours-day", "x"], hours);
    expect(hours).toHaveBeenCalledTimes(4);
  });

  it("says which keys a taken call has answered: the first screen's queries ask those once (issue 58)", async () => {
    const calls = createStartedCalls();
    calls.start(["services", 7], () => Promise.resolve("started"));
    expect(calls.answered(["services", 7])).toBe(false);
    await calls.take(["services", 7], () => Promise.resolve("fresh"));
    expect(calls.answered(["services", 7])).toBe(true);
    await calls.take(["provider", "x"], () => Promise.reject(new Error("offline"))).catch(() => undefined);
    expect(calls.answered(["provider", "x"])).toBe(false);
    // A call started but never taken is not in any cache yet.
    await calls.start(["provider", "y"], () => Promise.resolve("started"));
    expect(calls.answered(["provider", "y"])).toBe(false);
    // Started anew (the element put back in the page, with a new cache): to be taken again.
    calls.start(["services", 7], () => Promise.resolve("again"));
    expect(calls.answered(["services", 7])).toBe(false);
  });

  it("hands a started call the API shed (503, 429, already asked again by the client) to its taker as it failed, without asking anew", async () => {
    const calls = createStartedCalls();
    const busy = new ApiError({ kind: "http", path: "Appointment/availableHours", status: 503, refusal: "overloaded" });
    calls.start(["hours", "a"], () => Promise.reject(busy), { untilAnswered: true });
    const again = vi.fn(() => Promise.resolve("fresh"));
    await expect(calls.take(["hours", "a"], again)).rejects.toBe(busy);
    expect(again).not.toHaveBeenCalled();
    // Try again asks anew.
    await expect(calls.take(["hours", "a"], again)).resolves.toBe("fresh");
  });
});
