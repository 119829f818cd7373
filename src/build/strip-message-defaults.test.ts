import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { stripMessageDefaults } from "./strip-message-defaults.ts";

describe("stripMessageDefaults", () => {
  it("keeps the id and drops the English default, on one line or several, quotes escaped", () => {
    const source = `export const m = {
  a: /*i18n*/ { id: "a.one", message: "Say \\"hi\\", {name}" },
  b: /*i18n*/ {
    id: "b.two",
    message: "An unexpected error occurred. Call {phone}.",
  },
  c: { id: "not.marked", message: "kept" },
};`;
    expect(stripMessageDefaults(source)).toBe(`export const m = {
  a: { id: "a.one" },
  b: { id: "b.two" },
  c: { id: "not.marked", message: "kept" },
};`);
  });

  it("leaves no marked descriptor of the widget's sources with its default", () => {
    const files = execSync("grep -rl --exclude-dir=build '/\\*i18n\\*/ {' src", { encoding: "utf8" }).trim().split("\n");
    for (const file of files) expect(stripMessageDefaults(readFileSync(file, "utf8")), file).not.toMatch(/\/\*i18n\*\/\s*\{/);
  });
});
