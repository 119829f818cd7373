import { describe, expect, it } from "vitest";
import { ApiError } from "./errors.ts";
import { LONGEST_WAIT_SECONDS, readRetryDelay } from "./read-retry.ts";

const failed = (status: number, retryAfterSeconds?: number, refusal?: string) =>
  new ApiError({ kind: "http", path: "Appointment/availableHours", status, retryAfterSeconds, refusal });

describe("readRetryDelay: when a shed read is asked again", () => {
  it("a 503 (overloaded, service unavailable, or any) or a 429 (too many reads) is asked again after its Retry-After", () => {
    expect(readRetryDelay(failed(503, 2, "overloaded"), 0)).toBe(2000);
    expect(readRetryDelay(failed(503, 0), 0)).toBe(0);
    expect(readRetryDelay(failed(429, 1, "too-many-reads"), 1)).toBe(1000);
  });

  it("waits a second when the API named no wait", () => {
    expect(readRetryDelay(failed(503), 0)).toBe(1000);
    expect(readRetryDelay(failed(429), 0)).toBe(1000);
  });

  it("asks again twice at most", () => {
    expect(readRetryDelay(failed(503, 1), 1)).toBe(1000);
    expect(readRetryDelay(failed(503, 1), 2)).toBeUndefined();
  });

  it("says a long wait at once rather than waiting it out behind a spinner", () => {
    expect(readRetryDelay(failed(503, LONGEST_WAIT_SECONDS), 0)).toBe(LONGEST_WAIT_SECONDS * 1000);
    expect(readRetryDelay(failed(429, LONGEST_WAIT_SECONDS + 1, "too-many-reads"), 0)).toBeUndefined();
    expect(readRetryDelay(failed(429, 40, "too-many-reads"), 0)).toBeUndefined();
  });

  it("never asks again after another failure: a refusal, a server error, no answer, a malformed one", () => {
    for (const error of [
      failed(404),
      failed(500),
      failed(502),
      new ApiError({ kind: "network", path: "x" }),
      new ApiError({ kind: "malformed", path: "x" }),
    ])
      expect(readRetryDelay(error, 0)).toBeUndefined();
  });
});
