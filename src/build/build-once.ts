import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * `npm start`'s build: the widget (without its type declarations, which only the
 * published package needs: `npm run build` and `npm pack` make them), the host page and
 * the demo — or nothing, when no input changed since the last one (a second `npm start`
 * serves at once). The inputs are the sources of src/ and demo/ (not their tests, not
 * the built files), the build's configuration and lockfile, and the environment the
 * build reads.
 */
const ROOT = process.cwd();
const STAMP = join(ROOT, "demo/dist/.build-inputs");
const OUTPUTS = ["dist/booking-widget.js", "dist/serving-manifest.json", "demo/dist/server.js", "demo/dist/host/index.html"];
const CONFIG = ["package.json", "package-lock.json", "demo/package.json", "tsconfig.json", "tsup.config.ts", "vite.config.ts", "lingui.config.ts"];
const SKIPPED = new Set(["node_modules", "dist", ".data"]);
// Written by the build itself (lingui compile) from the .po catalogs, which are inputs.
const GENERATED = /src\/i18n\/locales\/\w+\/(messages|later)\.ts$|\.test\.tsx?$/;

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (SKIPPED.has(name)) return [];
      return statSync(path).isDirectory() ? files(path) : GENERATED.test(path) ? [] : [path];
    });
}

export function buildInputs(root: string): string {
  const hash = createHash("sha256");
  for (const path of [...CONFIG.map((file) => join(root, file)), ...files(join(root, "src")), ...files(join(root, "demo"))]) {
    hash.update(path.slice(root.length));
    hash.update(existsSync(path) ? readFileSync(path) : "");
  }
  hash.update(JSON.stringify([process.env.SENTRY_DSN ?? "", process.env.BENCH_UNMINIFIED ?? ""]));
  return hash.digest("hex");
}

const inputs = buildInputs(ROOT);
const built = OUTPUTS.every((file) => existsSync(join(ROOT, file)));
if (built && existsSync(STAMP) && readFileSync(STAMP, "utf8") === inputs) {
  console.log("build: nothing changed since the last one");
} else {
  const run = (command: string) => execSync(command, { cwd: ROOT, stdio: "inherit" });
  run("npx lingui compile --strict --typescript");
  run("npx tsup --no-dts");
  run("npx vite build --logLevel warn");
  run("npm run build --silent -w demo");
  writeFileSync(STAMP, inputs);
}
