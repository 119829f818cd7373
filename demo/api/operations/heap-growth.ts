import { setFlagsFromString } from "node:v8";

/** How far V8 lets the heap grow past what its last full collection kept: 50 = to 1.5 times. */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Keeps the API process's memory near what it uses. Left to itself, V8 lets a server's
 * heap grow to about four times what stays alive before it collects again: a process
 * holding 25 MB of live data sat at 240 MB under load. At 1.5 times it stays near 150 MB
 * for the same throughput (npm run bench:scale, docs/performance.md). The flag is read at
 * each collection, so setting it as the process starts is enough. An operator's own
 * `--heap-growing-percent` on node's command line wins: answers whether this one was set.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
