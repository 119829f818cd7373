import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const CONFIG = [
  "package.json",
  "package-lock.json",
  "demo/package.json",
  "tsconfig.json",
  "tsup.config.ts",
  "vite.config.ts",
  "lingui.config.ts",
];
const SKIPPED = new Set(["node_modules", "dist", ".data"]);
// Written by the build itself (lingui compile) from the .po catalogs, which are inputs.
const GENERATED = /src\/i18n\/locales\/\w+\/(messages|later)\.ts$|demo\/admin\/locales\/\w+\/admin\.ts$|\.test\.tsx?$/;

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (SKIPPED.has(name)) return [];
      return statSync(path).isDirectory() ? files(path) : GENERATED.test(path) ? [] : [path];
    });
}

/**
 * A fingerprint of what the build reads: the sources of src/ and demo/ (not their tests,
 * not built or generated files), the build's configuration and lockfile, and the
 * environment variables the build bakes in. Equal fingerprints, equal builds.
 */
export function buildInputs(root: string, env: Record<string, string | undefined>): string {
  const hash = createHash("sha256");
  for (const path of [...CONFIG.map((file) => join(root, file)), ...files(join(root, "src")), ...files(join(root, "demo"))]) {
    hash.update(path.slice(root.length));
    hash.update(existsSync(path) ? readFileSync(path) : "");
  }
  hash.update(JSON.stringify([env.SENTRY_DSN ?? "", env.BENCH_UNMINIFIED ?? ""]));
  return hash.digest("hex");
}
