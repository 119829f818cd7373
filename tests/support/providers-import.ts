import { spawn } from "node:child_process";

/** Runs `npm run providers:import -- <file>` (demo/providers-import.ts) with extra environment; answers its exit code and output. */
export function runProvidersImport(file: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "demo/providers-import.ts", file], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output: output.join("") })));
}
