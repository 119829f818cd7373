import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildInputs } from "../../src/build/build-inputs.ts";

const current = new Map<string, boolean>();

/**
 * How to run a script of the demo (`server` or `providers-import`) in the checkout at
 * `cwd`: its compiled bundle when the last build was made from exactly this checkout's
 * sources (demo/dist/.build-inputs, src/build/build-once.ts) — what an operator runs,
 * and a second faster to start — else its source through tsx, so that a test never runs
 * a stale build.
 */
export function demoScript(name: "server" | "providers-import" | "appointments-cancel", cwd = process.cwd()): string[] {
  const root = resolve(cwd);
  if (!current.has(root)) {
    const stamp = join(root, "demo/dist/.build-inputs");
    current.set(root, existsSync(stamp) && readFileSync(stamp, "utf8") === buildInputs(root, process.env));
  }
  return current.get(root) ? [`demo/dist/${name}.js`] : ["--import", "tsx", `demo/${name}.ts`];
}
