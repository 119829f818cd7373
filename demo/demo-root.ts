import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The demo package's folder (the one with its package.json), whether this runs from
 * source (demo/…/file.ts) or from the build (demo/dist/server.js, one bundle): the files
 * read at run time (migrations, seed, built pages) are found from here.
 */
export const DEMO_ROOT = packageFolder(import.meta.dirname);

function packageFolder(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}
