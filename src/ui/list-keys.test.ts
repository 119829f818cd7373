import { describe, expect, it } from "vitest";
import { indexForKey } from "./list-keys.ts";

describe("list keys (roving tabindex)", () => {
  it("steps by one with the arrows and stops at the ends", () => {
    expect(indexForKey("ArrowRight", 2, 5)).toBe(3);
    expect(indexForKey("ArrowDown", 4, 5)).toBe(4);
    expect(indexForKey("ArrowLeft", 2, 5)).toBe(1);
    expect(indexForKey("ArrowUp", 0, 5)).toBe(0);
  });

  it("goes to the first and last with Home and End", () => {
    expect(indexForKey("Home", 3, 5)).toBe(0);
    expect(indexForKey("End", 0, 5)).toBe(4);
  });

  it("leaves other keys, and an empty list, to the browser", () => {
    expect(indexForKey("Enter", 1, 5)).toBeNull();
    expect(indexForKey(" ", 1, 5)).toBeNull();
    expect(indexForKey("ArrowDown", 0, 0)).toBeNull();
  });
});
