/**
 * `npm run bench`: sizes of the built widget and timings of the reference API and of
 * the first screen in Chromium, printed as a table. Sizes are checked in CI
 * (tests/e2e/bundle-size.test.ts); timings are for people, never asserted.
 */
import { spawn } from "node:child_process";
import { launchBrowser } from "../e2e/browser.ts";
import { measureBundle } from "../support/bundle-size.ts";
import { startTestApi } from "../support/test-api.ts";

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const rows: [string, string][] = [];

const { firstScreen, lazy } = measureBundle("dist/booking-widget.js");
for (const file of firstScreen) rows.push([`first screen: ${file.file}`, `${kb(file.bytes)} (${kb(file.gzip)} gzip)`]);
rows.push(["first screen total (gzip)", kb(firstScreen.reduce((sum, file) => sum + file.gzip, 0))]);
for (const file of lazy) rows.push([`lazy: ${file.file}`, `${kb(file.bytes)} (${kb(file.gzip)} gzip)`]);

let started = performance.now();
const api = await startTestApi();
rows.push(["API start, in-memory PGlite + migrate + seed", `${Math.round(performance.now() - started)} ms`]);
const salon = (await (await api.request("/User/ByUser/demo-salon")).json()) as { userId: number };
started = performance.now();
for (let i = 0; i < 50; i++) await api.request(`/Service/asAnonymous?userId=${salon.userId}`);
rows.push(["Service/asAnonymous, mean of 50", `${((performance.now() - started) / 50).toFixed(2)} ms`]);
await api.close();

const server = spawn(process.execPath, ["--import", "tsx", "demo/server.ts"], {
  env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: ":memory:" },
  stdio: ["ignore", "pipe", "inherit"],
});
const port = await new Promise<number>((resolve) => {
  let out = "";
  server.stdout.on("data", (chunk: Buffer) => {
    out += chunk;
    const match = /"port":(\d+)/.exec(out);
    if (match) resolve(Number(match[1]));
  });
});
const browser = await launchBrowser();
const page = await browser.newPage();
started = performance.now();
await page.goto(`http://127.0.0.1:${port}/demo-salon`);
await page.getByRole("button", { name: "Women's haircut" }).waitFor();
rows.push(["/demo-salon: navigation to services visible (cold)", `${Math.round(performance.now() - started)} ms`]);
await browser.close();
server.kill();

const width = Math.max(...rows.map(([name]) => name.length));
console.log(`\n| ${"measure".padEnd(width)} | value |\n|${"-".repeat(width + 2)}|-------|`);
for (const [name, value] of rows) console.log(`| ${name.padEnd(width)} | ${value} |`);
