import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locale.ts";

// Every message the widget can show must exist, translated, in no, en and es. This
// catches a message added to the code but never extracted (npm run i18n:extract) and
// an extracted message left untranslated (lingui compile --strict catches that too).
const SRC = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // The catalogs themselves, and the build helpers (which name the marker), are not the widget's messages.
    if (entry.isDirectory()) return entry.name === "locales" || entry.name === "build" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const messageIds = [
  ...new Set(
    sourceFiles(SRC).flatMap((file) => [...readFileSync(file, "utf8").matchAll(/\/\*i18n\*\/\s*\{\s*id:\s*"([^"]+)"/g)].map((m) => m[1]!)),
  ),
].sort();

/** Both catalogs of a language (first screen and later), as id → translation. */
function catalog(locale: string): Map<string, string> {
  return new Map(
    ["messages.po", "later.po"].flatMap((file) => {
      const po = readFileSync(join(SRC, "i18n/locales", locale, file), "utf8");
      return [...po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)].map((m) => [m[1]!, m[2]!] as const);
    }),
  );
}

describe("message catalogs", () => {
  it("finds the widget's messages in the code", () => {
    expect(messageIds.length).toBeGreaterThan(40);
    expect(messageIds).toContain("validation.phoneLength");
  });

  it.each(LOCALES)("has every message translated in %s", (locale) => {
    const entries = catalog(locale);
    const missing = messageIds.filter((id) => !entries.get(id));
    expect(missing, `untranslated or not extracted in ${locale}`).toEqual([]);
  });

  it("keeps the placeholders of each message in its translations", () => {
    const en = catalog("en");
    for (const locale of LOCALES) {
      for (const [id, text] of catalog(locale)) {
        const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(placeholders(text), `${locale} ${id}`).toEqual(placeholders(en.get(id) ?? ""));
      }
    }
  });
});
