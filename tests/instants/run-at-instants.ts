import { spawn } from "node:child_process";
import { INSTANTS } from "./instants.ts";

/**
 * `npm run test:instants -- [name ...] [-- vitest arguments]`: runs vitest once per named
 * instant (all of tests/instants/instants.ts when none is named) with TEST_NOW set to it,
 * and prints one line per instant. Build first (`npm run build`) for the browser tests.
 * Example: npm run test:instants -- oslo-midnight-month-end fall-back-chicago -- --project api
 * INSTANTS_PARALLEL=2 runs two instants at a time (CI, on two cores: each vitest runs its
 * files one after another); their output is then printed whole, one instant after another.
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

const parallel = Math.max(1, Number(process.env.INSTANTS_PARALLEL ?? 1) || 1);

/** One vitest run at `name`'s instant; answers its result line. */
function runAt(name: string): Promise<string> {
  const { at, why } = INSTANTS[name]!;
  const header = `\n=== TEST_NOW=${at} (${name}: ${why})\n`;
  const output: Buffer[] = [];
  if (parallel === 1) console.log(header);
  // Side by side, each run takes one core.
  const run = spawn("npx", ["vitest", "run", ...vitestArgs, ...(parallel > 1 ? ["--maxWorkers=1"] : [])], {
    stdio: parallel === 1 ? "inherit" : ["ignore", "pipe", "pipe"],
    env: { ...process.env, TEST_NOW: at, ...(parallel > 1 ? { FORCE_COLOR: "0" } : {}) },
  });
  run.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  run.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    run.on("close", (status) => {
      if (parallel > 1) process.stdout.write(`${header}\n${Buffer.concat(output).toString()}`);
      resolve(`${status === 0 ? "passed" : "FAILED"}  ${at}  ${name}`);
    });
  });
}

const results: string[] = [];
const queue = [...chosen];
await Promise.all(
  Array.from({ length: Math.min(parallel, queue.length) }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) results.push(await runAt(name));
  }),
);
console.log(`\nThe suite at ${chosen.length} instant(s):\n${results.map((line) => `  ${line}`).join("\n")}`);
process.exit(results.some((line) => line.startsWith("FAILED")) ? 1 : 0);
