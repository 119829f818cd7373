import { spawn } from "node:child_process";
import { demoScript } from "./compiled-demo.ts";

/**
 * Runs `npm run providers:import -- <file>` in `cwd` (the compiled import when the build is
 * current, else its source: compiled-demo.ts; or the one `script` names)
 * with extra environment; answers its exit code and output.
 */
export function runProvidersImport(
  file: string,
  env: Record<string, string>,
  cwd?: string,
  script: string[] = demoScript("providers-import", cwd),
): Promise<{ code: number | null; output: string }> {
  return runDemoCommand(script, [file], env, cwd);
}

/** Runs one of the demo's commands (`script`: node's arguments before the command's own) with extra environment. */
export function runDemoCommand(
  script: string[],
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...script, ...args], {
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output: output.join("") })));
}
