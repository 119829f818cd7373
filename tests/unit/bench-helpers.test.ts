import { describe, expect, it } from "vitest";
import { timelineBefore, type TimedRequest } from "../bench/request-timeline.ts";
import { median, percentile } from "../bench/statistics.ts";

const request = (url: string, start: number, end: number | undefined, bytes = 100): TimedRequest => ({ url, start, end, bytes });

describe("the bench's request timeline", () => {
  it("counts a serial chain one round trip per link", () => {
    const chain = [request("page", 0, 100), request("script", 110, 300), request("chunk", 310, 500), request("api", 520, 700)];
    expect(timelineBefore(chain, 800)).toEqual({ bytes: 400, requests: 4, depth: 4 });
  });

  it("counts requests started together as one round trip", () => {
    const parallel = [request("page", 0, 100), request("script", 110, 300), request("chunk", 112, 310), request("api", 115, 320)];
    expect(timelineBefore(parallel, 400).depth).toBe(2);
  });

  it("leaves out what started after the row, and the bytes of what had not arrived", () => {
    const requests = [request("page", 0, 100, 1000), request("api", 150, 900, 50), request("late", 700, 750, 7)];
    expect(timelineBefore(requests, 600)).toEqual({ bytes: 1000, requests: 2, depth: 2 });
  });
});

describe("the bench's statistics", () => {
  it("answers the median and the 95th percentile by nearest rank", () => {
    const values = [5, 1, 4, 2, 3];
    expect(median(values)).toBe(3);
    expect(percentile(values, 95)).toBe(5);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(95);
    expect(median([])).toBeNaN();
  });
});
