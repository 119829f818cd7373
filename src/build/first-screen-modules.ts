import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { LIBRARY_ALIASES } from "./library-aliases.ts";
import { importsOf } from "./module-graph.ts";

/**
 * The one list of the first-screen/later split, read from the code itself: the source
 * modules the script tag's loader and the widget's own script (which the loader imports
 * at once) import statically (transitively). Everything else in
 * src/ is reached only through a dynamic import — the later chunk (app/later-screens.ts),
 * languages, Sentry, the pre-selection — and loads when it is needed.
 *
 * lingui.config.ts puts the messages of these modules in the first catalog and all
 * others in the later one; tests/unit/first-screen-split.test.ts holds the built
 * catalogs and stylesheets to the same list.
 */
export const FIRST_SCREEN_ENTRIES = ["src/element/loader.ts", "src/element/index.ts"];

/**
 * Relative specifiers a source module imports at run time: as importsOf reads a built
 * module, once comments and the type-only imports and exports (erased by the compiler)
 * are taken out.
 */
export function runtimeImportsOf(source: string): { eager: string[]; lazy: string[] } {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
    .replace(/^\s*(?:import|export)\s+type\s[^;]*;/gm, "");
  return importsOf(code);
}

/** Paths (relative to `root`, with forward slashes) of the modules the first screen loads. */
export function firstScreenModules(root: string, entries = FIRST_SCREEN_ENTRIES): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of runtimeImportsOf(readFileSync(join(root, file), "utf8")).eager) {
      const target = relative(root, join(root, dirname(file), specifier))
        .split("\\")
        .join("/");
      if (target.startsWith("src/") && existsSync(join(root, target))) visit(target);
    }
  };
  for (const entry of entries) visit(entry);
  // What the build puts in a first-screen library's place (ofetch's ufo) is first-screen too.
  if (entries === FIRST_SCREEN_ENTRIES) for (const target of Object.values(LIBRARY_ALIASES)) visit(target);
  return [...seen].sort();
}
