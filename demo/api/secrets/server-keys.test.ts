import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEMO_SECRET, secretProblem } from "./server-keys.ts";

describe("secretProblem (API_SECRET in production)", () => {
  it("accepts what openssl rand -hex 32 and -base64 32 give", () => {
    for (let i = 0; i < 5000; i++) {
      expect(secretProblem(randomBytes(32).toString("hex"))).toBeNull();
      expect(secretProblem(randomBytes(32).toString("base64"))).toBeNull();
      expect(secretProblem(randomBytes(32).toString("base64url"))).toBeNull();
    }
  });

  it("refuses blanks, white space around it, repeats, few characters and short values", () => {
    expect(secretProblem(" ".repeat(32))).toBe("is blank");
    expect(secretProblem("")).toBe("is blank");
    expect(secretProblem(` ${randomBytes(32).toString("hex")}`)).toBe("starts or ends with white space");
    expect(secretProblem("a".repeat(64))).toBe("repeats one pattern");
    expect(secretProblem("0123456789abcdef".repeat(4))).toBe("repeats one pattern");
    expect(secretProblem("abababababababababababababababababababababababababab12")).toBe("uses fewer than 10 distinct characters");
    expect(secretProblem(randomBytes(16).toString("hex"))).toMatch(/at most 128 bits/);
    expect(secretProblem(randomBytes(24).toString("base64url").replace(/[-_]/g, "x"))).toMatch(/fewer than 256/);
    expect(secretProblem("a-production-secret-of-at-least-32-characters")).toMatch(/fewer than 256/);
    expect(secretProblem(DEMO_SECRET)).toBe("is the demo's well-known secret");
  });
});
