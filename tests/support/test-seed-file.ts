import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testSeed } from "../fixtures/test-seed.ts";

/** A seed fixture as a SEED_FILE for `npm start`'s server (a JSON file in a fresh temporary folder). */
export function seedFile(fixture: unknown, name = "seed.json"): string {
  const file = join(mkdtempSync(join(tmpdir(), "bw-seed-")), name);
  writeFileSync(file, JSON.stringify(fixture));
  return file;
}

let written: string | undefined;

/** The tests' booking pages as a SEED_FILE (written once per process). */
export function testSeedFile(): string {
  written ??= seedFile(testSeed, "test-seed.json");
  return written;
}
