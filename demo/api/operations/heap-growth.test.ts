import { describe, expect, it } from "vitest";
import { limitHeapGrowth } from "./heap-growth.ts";

describe("the API process's heap growth", () => {
  it("is limited as the process starts, unless node's command line names a growth of its own", () => {
    expect(limitHeapGrowth(["--enable-source-maps"])).toBe(true);
    expect(limitHeapGrowth(["--heap-growing-percent=80"])).toBe(false);
    expect(limitHeapGrowth(["--heap_growing_percent=80"])).toBe(false);
  });
});
