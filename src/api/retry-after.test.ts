import { describe, expect, it } from "vitest";
import { retryAfterSeconds } from "./retry-after.ts";

describe("retryAfterSeconds", () => {
  it("reads seconds and HTTP dates; nothing else", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds("Tue, 24 Nov 2026 12:05:00 GMT", now)).toBe(300);
    expect(retryAfterSeconds("Tue, 24 Nov 2026 11:00:00 GMT", now)).toBe(0);
    for (const bad of [null, undefined, "", "soon", "-5", "1.5"]) expect(retryAfterSeconds(bad, now)).toBeUndefined();
  });
});
