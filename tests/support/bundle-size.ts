import { readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { moduleGraph } from "../../demo/build/module-graph.ts";
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

export { importsOf } from "../../demo/build/module-graph.ts";

/**
 * What a visitor downloads before the services show: the entry script and everything
 * it imports statically (transitively). Lazy chunks are listed apart.
 */
export function measureBundle(entry: string): { firstScreen: BundleFile[]; lazy: BundleFile[] } {
  const root = dirname(entry);
  const graph = moduleGraph(root, basename(entry));
  return { firstScreen: graph.eager.map((file) => read(join(root, file))), lazy: graph.lazy.map((file) => read(join(root, file))) };
}

export const FIRST_SCREEN_BUDGET_GZIP = 100 * 1024;
