import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildInputs } from "./build-inputs.ts";

/**
 * The build: the widget, the host page, the back office and the demo, then a note of the inputs it was
 * made from (demo/dist/.build-inputs; build-inputs.ts says what counts). `npm start`
 * runs it plain: without the type declarations, which only the published package needs,
 * and not at all when no input changed since the last build (a second start serves at
 * once). `npm run build` (and so `npm test` and `npm pack`) runs it with `--always
 * --types`. The tests run the compiled server when the note matches the checkout
 * (tests/support/start-server.ts).
 */
const ROOT = process.cwd();
const always = process.argv.includes("--always");
const types = process.argv.includes("--types");
const STAMP = join(ROOT, "demo/dist/.build-inputs");
const OUTPUTS = [
  "dist/booking-widget.js",
  "dist/serving-manifest.json",
  "demo/dist/server.js",
  "demo/dist/host/index.html",
  "demo/dist/admin/index.html",
];
const inputs = buildInputs(ROOT, process.env);
const built = OUTPUTS.every((file) => existsSync(join(ROOT, file)));
if (!always && built && existsSync(STAMP) && readFileSync(STAMP, "utf8") === inputs) {
  console.log("build: nothing changed since the last one");
} else {
  // The tools themselves rather than through npx or npm run, which cost a second each to start.
  const run = (command: string, cwd = ROOT) => execSync(command, { cwd, stdio: "inherit" });
  const bin = (name: string) => join(ROOT, "node_modules/.bin", name);
  run(`${bin("lingui")} compile --strict --typescript`);
  run(`${bin("tsup")}${types ? "" : " --no-dts"}`);
  run(`${bin("vite")} build --logLevel warn`);
  // The back office (demo/admin/vite.config.ts): a separate app, never in the widget's or the host page's bundles.
  run(`${bin("vite")} build --config demo/admin/vite.config.ts --logLevel warn`);
  run(bin("tsup"), join(ROOT, "demo"));
  writeFileSync(STAMP, inputs);
}
