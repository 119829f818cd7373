import { spawnSync } from "node:child_process";
import { INSTANTS } from "./instants.ts";

/**
 * `npm run test:instants -- [name ...] [-- vitest arguments]`: runs vitest once per named
 * instant (all of tests/instants/instants.ts when none is named) with TEST_NOW set to it,
 * and prints one line per instant. Build first (`npm run build`) for the browser tests.
 * Example: npm run test:instants -- oslo-midnight-month-end fall-back-chicago -- --project api
 */
const args = process.argv.slice(2);
const split = args.indexOf("--");
const names = split === -1 ? args : args.slice(0, split);
const vitestArgs = split === -1 ? [] : args.slice(split + 1);
const chosen = names.length > 0 ? names : Object.keys(INSTANTS);
const unknown = chosen.filter((name) => !INSTANTS[name]);
if (unknown.length > 0) {
  console.error(`Unknown instant ${unknown.join(", ")}; known: ${Object.keys(INSTANTS).join(", ")}`);
  process.exit(2);
}

const results: string[] = [];
for (const name of chosen) {
  const { at, why } = INSTANTS[name]!;
  console.log(`\n=== TEST_NOW=${at} (${name}: ${why})\n`);
  const run = spawnSync("npx", ["vitest", "run", ...vitestArgs], { stdio: "inherit", env: { ...process.env, TEST_NOW: at } });
  results.push(`${run.status === 0 ? "passed" : "FAILED"}  ${at}  ${name}`);
}
console.log(`\nThe suite at ${chosen.length} instant(s):\n${results.map((line) => `  ${line}`).join("\n")}`);
process.exit(results.some((line) => line.startsWith("FAILED")) ? 1 : 0);
