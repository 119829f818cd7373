import { readFile } from "node:fs/promises";
import type { Plugin } from "esbuild";

// A message descriptor marked for `lingui extract`: /*i18n*/ { id: "…", message: "…" }.
const DESCRIPTOR = /\/\*i18n\*\/\s*\{\s*id:\s*("(?:[^"\\]|\\.)*"),\s*message:\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*,?\s*\}/g;

/**
 * The descriptors without their English default text: every language's compiled
 * catalog has every id (lingui compile --strict), so the default is never shown and
 * only weighs on the first screen. Lingui's macro strips it from production builds
 * the same way; the source (tests, the server's first paint) keeps it.
 */
export function stripMessageDefaults(source: string): string {
  return source.replace(DESCRIPTOR, (_match, id: string) => `{ id: ${id} }`);
}

/** The esbuild plugin that applies it to the widget's own sources. */
export function stripMessageDefaultsPlugin(): Plugin {
  return {
    name: "strip-message-defaults",
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async ({ path }) => {
        const source = await readFile(path, "utf8");
        if (!source.includes("/*i18n*/")) return undefined;
        return { contents: stripMessageDefaults(source), loader: path.endsWith(".tsx") ? "tsx" : "ts" };
      });
    },
  };
}
