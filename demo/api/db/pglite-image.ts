import { createRequire } from "node:module";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { basename, dirname, join, sep } from "node:path";

/**
 * A fresh in-memory PGlite spends about 5 s in initdb, and about 1 s more in the
 * migrations; one opened from an image of such a cluster (its data folder as a tarball,
 * PGlite's dumpDataDir) is ready in about 1.5 s. Every in-memory database (each test
 * file's, DATA_DIR=:memory:) and every new DATA_DIR folder starts from that image: made
 * once per PGlite version and set of migrations (`fingerprint`) by the first process
 * that needs it, kept in node_modules/.cache (an image of older migrations is removed).
 * It holds nothing but what initdb and the migrations write: the seed runs on each
 * database as before, and migrate() still runs after it (finding nothing to do).
 */
export async function migratedClusterImage(fingerprint: string, makeImage: () => Promise<Blob>): Promise<Blob> {
  const file = imageFile(fingerprint);
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
      .then(() => removeOlderImages(file))
      .catch(() => undefined);
  }
  return image;
}

/** Each image is about 40 MB: those of other versions or migrations go once a new one is kept. */
async function removeOlderImages(kept: string) {
  const folder = dirname(kept);
  const others = (await readdir(folder)).filter((name) => /^pglite-.*\.tar$/.test(name) && name !== basename(kept));
  await Promise.all(others.map((name) => rm(join(folder, name), { force: true })));
}

/** node_modules/.cache/booking-widget/pglite-<version>-<fingerprint>.tar beside the installed PGlite; none when that cannot be found. */
function imageFile(fingerprint: string): string | null {
  try {
    // <node_modules>/@electric-sql/pglite/dist/… → its package.json, and <node_modules>/.cache
    const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    const root = entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`));
    const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string };
    return join(root, "..", "..", ".cache", "booking-widget", `pglite-${version}-${fingerprint}.tar`);
  } catch {
    return null;
  }
}
