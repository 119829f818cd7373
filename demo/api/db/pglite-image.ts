import { createRequire } from "node:module";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";

/**
 * A fresh in-memory PGlite spends about 5 s in initdb; one opened from an image of a
 * freshly initialised cluster (its data folder as a tarball, PGlite's dumpDataDir) is
 * ready in about 1 s. Every in-memory database (each test file's, DATA_DIR=:memory:) and
 * every new DATA_DIR folder starts from that image: made once per PGlite version by the first process that needs
 * it, kept in node_modules/.cache. It holds nothing but what initdb writes: migrations
 * and seed run on each database as before.
 */
export async function freshClusterImage(makeImage: () => Promise<Blob>): Promise<Blob> {
  const file = imageFile();
  if (file) {
    const stored = await readFile(file).catch(() => null);
    if (stored) return new Blob([stored]);
  }
  const image = await makeImage();
  if (file) {
    // Several processes may make it at once: each writes its own file, then renames it (atomic).
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await mkdir(dirname(file), { recursive: true })
      .then(async () => writeFile(partial, Buffer.from(await image.arrayBuffer())))
      .then(() => rename(partial, file))
      .catch(() => undefined);
  }
  return image;
}

/** node_modules/.cache/booking-widget/pglite-<version>.tar beside the installed PGlite; none when that cannot be found. */
function imageFile(): string | null {
  try {
    // <node_modules>/@electric-sql/pglite/dist/… → its package.json, and <node_modules>/.cache
    const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    const root = entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`));
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    return join(root, "..", "..", ".cache", "booking-widget", `pglite-${version}.tar`);
  } catch {
    return null;
  }
}
