import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { moduleGraph } from "../../src/build/module-graph.ts";
import { gzipSync } from "node:zlib";

export interface BundleFile {
  file: string;
  bytes: number;
  gzip: number;
}

const gzipSize = (content: Buffer) => gzipSync(content, { level: 9 }).length;

function read(file: string): BundleFile {
  const content = readFileSync(file);
  return { file, bytes: content.length, gzip: gzipSize(content) };
}

export { importsOf } from "../../src/build/module-graph.ts";

/**
 * What a visitor downloads at once: the entry script (the loader), the widget's own
 * script it imports as soon as it runs, and everything that imports statically
 * (transitively), in that order. Lazy chunks are listed apart.
 */
export function measureBundle(entry: string): { firstScreen: BundleFile[]; lazy: BundleFile[] } {
  const root = dirname(entry);
  const graph = moduleGraph(root, basename(entry));
  return { firstScreen: graph.eager.map((file) => read(join(root, file))), lazy: graph.lazy.map((file) => read(join(root, file))) };
}

/**
 * The widget's own script and its static imports: what shows the services where no
 * painted copy could be (and what answers the first tap everywhere).
 */
export const FIRST_SCREEN_BUDGET_GZIP = 100 * 1024;

/** The script tag's loader, all a provider's page needs to show the painted services. */
export const LOADER_BUDGET_GZIP = 4 * 1024;
