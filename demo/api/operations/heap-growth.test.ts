import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { limitHeapGrowth, MEMORY_ENVIRONMENT, MEMORY_NODE_FLAGS, missingMemorySettings } from "./heap-growth.ts";

describe("the API process's heap growth", () => {
  it("is limited as the process starts, unless node's command line names a growth of its own", () => {
    expect(limitHeapGrowth(["--enable-source-maps"])).toBe(true);
    expect(limitHeapGrowth(["--heap-growing-percent=80"])).toBe(false);
    expect(limitHeapGrowth(["--heap_growing_percent=80"])).toBe(false);
  });
});

describe("the settings node takes only as it starts", () => {
  it("are named when missing, whichever way an operator wrote them", () => {
    expect(missingMemorySettings([], {})).toEqual(["--max-semi-space-size=1", "MALLOC_ARENA_MAX=2"]);
    expect(missingMemorySettings(["--max_semi_space_size=2"], { MALLOC_ARENA_MAX: "4" })).toEqual([]);
  });

  it("are those `npm start` and every start script of the server runs with", () => {
    const start = `MALLOC_ARENA_MAX=${MEMORY_ENVIRONMENT.MALLOC_ARENA_MAX} node ${MEMORY_NODE_FLAGS.join(" ")} `;
    for (const [file, names] of [
      ["package.json", ["start", "start:production", "serve"]],
      ["demo/package.json", ["start", "start:production"]],
    ] as const) {
      const scripts = (JSON.parse(readFileSync(file, "utf8")) as { scripts: Record<string, string> }).scripts;
      for (const name of names) expect(scripts[name], `${file} ${name}`).toContain(start);
    }
  });
});
