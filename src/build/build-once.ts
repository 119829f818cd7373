import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildInputs } from "./build-inputs.ts";

/**
 * `npm start`'s build: the widget (without its type declarations, which only the
 * published package needs: `npm run build` and `npm pack` make them), the host page and
 * the demo — or nothing, when no input changed since the last one (a second `npm start`
 * serves at once). The inputs are the sources of src/ and demo/ (not their tests, not
 * the built files), the build's configuration and lockfile, and the environment the
 * build reads (build-inputs.ts).
 */
const ROOT = process.cwd();
const STAMP = join(ROOT, "demo/dist/.build-inputs");
const OUTPUTS = ["dist/booking-widget.js", "dist/serving-manifest.json", "demo/dist/server.js", "demo/dist/host/index.html"];
const inputs = buildInputs(ROOT, process.env);
const built = OUTPUTS.every((file) => existsSync(join(ROOT, file)));
if (built && existsSync(STAMP) && readFileSync(STAMP, "utf8") === inputs) {
  console.log("build: nothing changed since the last one");
} else {
  // The tools themselves rather than through npx or npm run, which cost a second each to start.
  const run = (command: string, cwd = ROOT) => execSync(command, { cwd, stdio: "inherit" });
  const bin = (name: string) => join(ROOT, "node_modules/.bin", name);
  run(`${bin("lingui")} compile --strict --typescript`);
  run(`${bin("tsup")} --no-dts`);
  run(`${bin("vite")} build --logLevel warn`);
  run(bin("tsup"), join(ROOT, "demo"));
  writeFileSync(STAMP, inputs);
}
