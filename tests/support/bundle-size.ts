import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
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

/** Relative module specifiers a built ES module imports statically and lazily. */
export function importsOf(source: string): { eager: string[]; lazy: string[] } {
  const lazy = [...source.matchAll(/import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map((m) => m[1]!);
  const eager = [...source.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
  return { eager: [...new Set(eager)], lazy: [...new Set(lazy)] };
}

/**
 * What a visitor downloads before the services show: the entry script and everything
 * it imports statically (transitively). Lazy chunks are listed apart.
 */
export function measureBundle(entry: string): { firstScreen: BundleFile[]; lazy: BundleFile[] } {
  const firstScreen = new Map<string, BundleFile>();
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (firstScreen.has(file)) return;
    firstScreen.set(file, read(file));
    const { eager, lazy: dynamic } = importsOf(readFileSync(file, "utf8"));
    eager.forEach((specifier) => visit(join(dirname(file), specifier)));
    dynamic.forEach((specifier) => lazy.add(join(dirname(file), specifier)));
  };
  visit(entry);
  return {
    firstScreen: [...firstScreen.values()],
    lazy: [...lazy].filter((file) => !firstScreen.has(file)).map(read),
  };
}

export const FIRST_SCREEN_BUDGET_GZIP = 100 * 1024;
