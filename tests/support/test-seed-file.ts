import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testSeed } from "../fixtures/test-seed.ts";

let written: string | undefined;

/** The tests' booking pages as a SEED_FILE for `npm start`'s server (written once per process). */
export function testSeedFile(): string {
  if (!written) {
    written = join(mkdtempSync(join(tmpdir(), "bw-test-seed-")), "test-seed.json");
    writeFileSync(written, JSON.stringify(testSeed));
  }
  return written;
}
