import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Lines of `files` that read the clock other than through the one place meant for it. */
function clockReads(files: string[], pattern: RegExp) {
  return files.flatMap((file) =>
    readFileSync(join(root, file), "utf8")
      .split("\n")
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

// Issue 13: a rule that reads the clock by itself cannot be pinned by tests, and
// expectations then depend on when they run.
describe("one notion of now", () => {
  it("the widget reads the clock only in src/time/now.ts", () => {
    const files = sourceFiles("src").filter((file) => file !== "src/time/now.ts" && !file.includes("generate-"));
    expect(clockReads(files, /new Date\(\)|Date\.now\(/)).toEqual([]);
  });

  it("the reference API reads it only through its Clock (demo/api/clock.ts); no query uses the database's now()", () => {
    // The logger stamps each line with the real time it was written; migrate.ts records when a migration ran.
    // The back office (demo/admin) reads the browser's clock in admin-clock.ts only.
    const allowed = new Set(["demo/api/clock.ts", "demo/api/logger.ts", "demo/api/db/migrate.ts", "demo/admin/admin-clock.ts"]);
    const files = sourceFiles("demo").filter((file) => !allowed.has(file));
    expect(clockReads(files, /new Date\(\)|Date\.now\(|(?<![.\w])now\(\)|current_timestamp|current_date|localtimestamp/i)).toEqual([]);
  });
});
