import { describe, expect, it, vi } from "vitest";
import { allLoaded, loadOf } from "./loads.ts";

describe("loads", () => {
  it("an SWR response's retry asks again", () => {
    const mutate = vi.fn();
    const load = loadOf({ data: 3, error: undefined, mutate });
    load.retry();
    expect(load.data).toBe(3);
    expect(mutate).toHaveBeenCalledOnce();
  });

  it("several loads hold their data together only once every one has arrived", () => {
    const services = { data: ["cut"], error: undefined, retry: vi.fn() };
    const waiting = { data: undefined, error: undefined, retry: vi.fn() };
    expect(allLoaded<[string[], number]>(services, waiting).data).toBeUndefined();
    expect(allLoaded<[string[], number]>(services, { ...waiting, data: 0 }).data).toEqual([["cut"], 0]);
  });

  it("the first error of any is the error, and retry asks each again", () => {
    const failed = new Error("unreachable");
    const one = { data: undefined, error: undefined, retry: vi.fn() };
    const two = { data: undefined, error: failed, retry: vi.fn() };
    const both = allLoaded<[number, number]>(one, two);
    expect(both.error).toBe(failed);
    both.retry();
    expect(one.retry).toHaveBeenCalledOnce();
    expect(two.retry).toHaveBeenCalledOnce();
  });
});
