import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Starts `npm start`'s server (without its build step: `npm test` builds first) on a
 * free port with a fresh in-memory database, and hands its URL to the browser tests.
 */
export default async function setup(project: TestProject) {
  for (const file of ["dist/booking-widget.js", "dist/host/index.html"]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" before the browser tests.`);
  }
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "demo/server.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATA_DIR: ":memory:", SEED_FILE: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join("")}`)), 60_000);
    server.stdout!.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /"msg":"listening","port":(\d+)/.exec(output.join(""));
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    server.stderr!.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    server.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output.join("")}`)));
  });
  project.provide("baseUrl", `http://127.0.0.1:${port}`);
  return () => {
    server.kill("SIGTERM");
  };
}
