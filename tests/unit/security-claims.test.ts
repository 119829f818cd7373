import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// docs/security.md, "What a visitor cannot do": every line names the tests that prove
// it, and every test it names exists. A claim whose test was renamed or removed fails here.
const ROOT = join(import.meta.dirname, "../..");
const doc = readFileSync(join(ROOT, "docs/security.md"), "utf8");
const section = doc.slice(doc.indexOf("## What a visitor cannot do"), doc.indexOf("## Limits and why"));
const claims = section.split("\n").filter((line) => line.startsWith("- "));

/** The tests a claim names: `file`: "name", "name" (and further `file`: … groups). */
function namedTests(claim: string): { file: string; name: string }[] {
  const found: { file: string; name: string }[] = [];
  for (const group of claim.matchAll(/`([\w/-]+)`: ((?:"[^"]+"(?:, )?)+)/g)) {
    for (const name of group[2]!.matchAll(/"([^"]+)"/g)) found.push({ file: group[1]!, name: name[1]! });
  }
  return found;
}
const testFile = (file: string) => join(ROOT, "tests", file.includes("/") ? `${file}.test.ts` : `api/${file}.test.ts`);

describe("docs/security.md: what a visitor cannot do", () => {
  it("has claims, and every claim names at least one test", () => {
    expect(claims.length).toBeGreaterThan(20);
    for (const claim of claims) expect(namedTests(claim), claim).not.toEqual([]);
  });

  it("names only tests that exist, in the files it names", () => {
    for (const { file, name } of claims.flatMap(namedTests)) {
      expect(existsSync(testFile(file)), `tests for "${name}": no file ${file}`).toBe(true);
      expect(readFileSync(testFile(file), "utf8").includes(JSON.stringify(name)), `${file} has no test "${name}"`).toBe(true);
    }
  });
});
