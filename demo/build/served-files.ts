import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { DEMO_ROOT } from "../demo-root.ts";

/** What a browser loads of the widget's build: not its types, not its server entries. */
const FOR_BROWSERS = (file: string) => !/\.d\.ts$|^(contract|prerender)\.js(\.map)?$/.test(file);
/** Served compressed when asked; source maps are for debugging and stay as they are. */
const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

function allFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

/**
 * The widget package's dist/: the demo depends on it as "file:..", the folder above
 * (npm's link to it may point at another checkout's, as the bench's worktrees do).
 */
const WIDGET_DIST = join(DEMO_ROOT, "../dist");

/** Writes `to` from `from` unless it already holds the same bytes (a rebuild keeps what did not change). */
function copyIfChanged(from: string, to: string): boolean {
  if (existsSync(to) && statSync(to).size === statSync(from).size && readFileSync(to).equals(readFileSync(from))) return false;
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  return true;
}

/** A .br and a .gz beside `file`, unless they are newer than it already. */
function precompress(file: string): boolean {
  const made = [`${file}.br`, `${file}.gz`];
  if (made.every((path) => existsSync(path) && statSync(path).mtimeMs >= statSync(file).mtimeMs)) return false;
  const content = readFileSync(file);
  writeFileSync(
    made[0]!,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
  );
  writeFileSync(made[1]!, gzipSync(content, { level: 9 }));
  return true;
}

/**
 * The files the site serves, in dist/ (demo/tsup.config.ts): the widget's browser files
 * copied from its package into dist/widget/ (served at /widget/), and a .br and a .gz
 * beside each text file there, in dist/host/ (vite's build of the host page) and in
 * dist/admin/ (the back office's), so the
 * server answers compressed without compressing per request. Files that did not change
 * since the last build are left as they are; the widget's files that are gone from its
 * build (an older hash) are removed.
 */
export function packageServedFiles(): void {
  const from = WIDGET_DIST;
  const to = join(DEMO_ROOT, "dist/widget");
  const wanted = new Set(
    allFiles(from)
      .map((file) => relative(from, file))
      .filter(FOR_BROWSERS),
  );
  for (const file of allFiles(to)) {
    const name = relative(to, file).replace(/\.(br|gz)$/, "");
    if (!wanted.has(name)) rmSync(file);
  }
  let copied = 0;
  for (const name of wanted) if (copyIfChanged(join(from, name), join(to, name))) copied++;
  let compressed = 0;
  for (const file of [...allFiles(to), ...allFiles(join(DEMO_ROOT, "dist/host")), ...allFiles(join(DEMO_ROOT, "dist/admin"))])
    if (COMPRESSIBLE.test(file) && precompress(file)) compressed++;
  console.log(`served files: ${wanted.size} widget files (${copied} new), ${compressed} compressed (br, gz)`);
}
