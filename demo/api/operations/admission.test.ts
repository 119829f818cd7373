import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { admission } from "./admission.ts";

const limits = { maxInFlight: 1, maxQueued: 2, maxQueueWaitMs: 500 };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Records the order in which waiting requests are told their outcome. */
function outcomes() {
  const told: string[] = [];
  const track = (name: string, entered: ReturnType<ReturnType<typeof admission>["enter"]>) =>
    void Promise.resolve(entered).then((outcome) => told.push(`${name}:${outcome}`));
  return { told, track };
}

describe("admission: a process's places and its short queue", () => {
  it("admits at once up to the places, queues the next ones, and sheds beyond the queue", async () => {
    const places = admission({ ...limits, maxInFlight: 2 });
    expect(places.enter("read")).toBe(true);
    expect(places.enter("read")).toBe(true);
    const { told, track } = outcomes();
    track("third", places.enter("read"));
    track("fourth", places.enter("read"));
    expect(places.enter("read")).toBe("queue-full");
    expect([places.inFlight, places.queued]).toEqual([2, 2]);
    places.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual(["third:true"]);
    expect([places.inFlight, places.queued]).toEqual([2, 1]);
  });

  it("gives a freed place to a waiting write before any read that came earlier", async () => {
    const places = admission(limits);
    expect(places.enter("read")).toBe(true);
    const { told, track } = outcomes();
    track("read", places.enter("read"));
    track("write", places.enter("write"));
    places.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual(["write:true"]);
    places.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual(["write:true", "read:true"]);
  });

  it("lets a write take a full queue's last read's place; a read is shed instead", async () => {
    const places = admission(limits);
    places.enter("read");
    const { told, track } = outcomes();
    track("first read", places.enter("read"));
    track("last read", places.enter("read"));
    track("write", places.enter("write"));
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual(["last read:displaced"]);
    expect(places.enter("read")).toBe("queue-full");
    places.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual(["last read:displaced", "write:true"]);
  });

  it("serves an early retry last: a read passes it in line, and takes its place in a full queue; a write takes it before a read's", async () => {
    const places = admission({ ...limits, maxQueued: 3 });
    places.enter("read");
    const { told, track } = outcomes();
    track("early 1", places.enter("early-retry"));
    track("early 2", places.enter("early-retry"));
    track("read", places.enter("read"));
    // Full: another read takes the last early retry's place, then a write the other's.
    track("second read", places.enter("read"));
    track("write", places.enter("write"));
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual(["early 2:displaced", "early 1:displaced"]);
    // Full of reads and a write: an early retry is shed at once.
    expect(places.enter("early-retry")).toBe("queue-full");
    for (let n = 0; n < 3; n++) places.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(told.slice(2)).toEqual(["write:true", "read:true", "second read:true"]);
  });

  it("sheds a write too when the queue is full of writes", () => {
    const places = admission(limits);
    places.enter("write");
    void places.enter("write");
    void places.enter("write");
    expect(places.enter("write")).toBe("queue-full");
  });

  it("sheds a request that waited longer than the bound, and its place in line goes to the next", async () => {
    const places = admission(limits);
    places.enter("read");
    const { told, track } = outcomes();
    track("early", places.enter("read"));
    await vi.advanceTimersByTimeAsync(300);
    track("late", places.enter("read"));
    await vi.advanceTimersByTimeAsync(200);
    expect(told).toEqual(["early:waited-too-long"]);
    expect(places.queued).toBe(1);
    places.leave();
    await vi.advanceTimersByTimeAsync(0);
    expect(told).toEqual(["early:waited-too-long", "late:true"]);
    // Admitted: its timer is gone, and it holds the place until it leaves.
    await vi.advanceTimersByTimeAsync(1_000);
    expect([places.inFlight, places.queued, told.length]).toEqual([1, 0, 2]);
  });

  it("frees every place when all leave", () => {
    const places = admission({ ...limits, maxInFlight: 3 });
    for (let i = 0; i < 3; i++) places.enter("write");
    for (let i = 0; i < 3; i++) places.leave();
    expect([places.inFlight, places.queued]).toEqual([0, 0]);
    expect(places.enter("read")).toBe(true);
  });
});
