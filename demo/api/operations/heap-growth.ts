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

/**
 * What V8 and the C library settle only as the process starts (issue 58): the young
 * generation's semi-spaces (V8 grows them to 16 MB each under a flood's allocations, and
 * keeps them: +40 % resident memory after a one-address flood on PostgreSQL) capped at
 * 1 MB, and glibc's malloc arenas (one per thread by default, each keeping what the
 * thread pool's compression freed) at 2. With both the process went from 96 to 113 MB
 * under the flood and back to 98 MB; without, 115 to 161 MB and stayed there (npm run
 * bench:flood, docs/performance.md). `npm start` and the tests' servers run with them;
 * an operator's own start should too (docs/operations.md).
 */
export const MEMORY_NODE_FLAGS = ["--max-semi-space-size=1"] as const;
export const MEMORY_ENVIRONMENT = { MALLOC_ARENA_MAX: "2" } as const;

/** The settings this process started without (the server warns of them), as an operator would write them. */
export function missingMemorySettings(execArgv: readonly string[] = process.execArgv, env: NodeJS.ProcessEnv = process.env): string[] {
  const missing: string[] = [];
  if (!execArgv.some((arg) => /^--max[-_]semi[-_]space[-_]size\b/.test(arg))) missing.push(...MEMORY_NODE_FLAGS);
  if (!env.MALLOC_ARENA_MAX) missing.push(`MALLOC_ARENA_MAX=${MEMORY_ENVIRONMENT.MALLOC_ARENA_MAX}`);
  return missing;
}
