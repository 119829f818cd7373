import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/**
 * Relative module specifiers a built ES module imports statically and lazily. The
 * loader's import of the widget, `import(new URL("./…", import.meta.url).href)` at its
 * top level, is made as soon as the loader runs: counted with the static ones.
 */
export function importsOf(source: string): { eager: string[]; lazy: string[] } {
  const lazy = [...source.matchAll(/import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map((m) => m[1]!);
  const eager = [
    ...source.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g),
    ...source.matchAll(/import\(\s*new URL\(\s*["'](\.{1,2}\/[^"']+)["']\s*,\s*import\.meta\.url\s*\)\.href\s*\)/g),
  ].map((m) => m[1]!);
  return { eager: [...new Set(eager)], lazy: [...new Set(lazy)] };
}

/**
 * The built files a browser must load before `entry` runs (the entry and everything it
 * imports statically, transitively), and the ones it may load later (dynamic imports),
 * as paths relative to `root`.
 */
export function moduleGraph(root: string, entry: string): { eager: string[]; lazy: string[] } {
  const eager = new Set<string>();
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (eager.has(file)) return;
    eager.add(file);
    const imports = importsOf(readFileSync(join(root, file), "utf8"));
    for (const specifier of imports.eager) visit(relative(root, join(root, dirname(file), specifier)));
    for (const specifier of imports.lazy) lazy.add(relative(root, join(root, dirname(file), specifier)));
  };
  visit(entry);
  return { eager: [...eager], lazy: [...lazy].filter((file) => !eager.has(file)) };
}
