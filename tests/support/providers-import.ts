import { spawn } from "node:child_process";

/**
 * Runs `npm run providers:import -- <file>` (demo/providers-import.ts from source, unless
 * `script` names another, such as a built demo/dist/providers-import.js, run in `cwd`)
 * with extra environment; answers its exit code and output.
 */
export function runProvidersImport(
  file: string,
  env: Record<string, string>,
  script: string[] = ["--import", "tsx", "demo/providers-import.ts"],
  cwd?: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...script, file], {
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output: output.join("") })));
}
