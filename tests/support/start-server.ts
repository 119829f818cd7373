import { spawn, type ChildProcess } from "node:child_process";
import { MEMORY_ENVIRONMENT, MEMORY_NODE_FLAGS } from "../../demo/api/operations/heap-growth.ts";
import { demoScript } from "./compiled-demo.ts";
import { TEST_NOW } from "./test-clock.ts";

export interface StartedServer {
  url: string;
  stop(): void;
  /** Stops it (SIGTERM) and waits until the process has exited (its database closed): answers its exit code. */
  stopped(): Promise<number | null>;
  /** Kills it outright (SIGKILL: no clean-up at all) and waits until it is gone. */
  killed(): Promise<void>;
}

/**
 * Runs `npm start`'s server (the compiled one when the build is current, else its source:
 * compiled-demo.ts; or the start `script` names) with extra environment on a free loopback
 * port (of the checkout at `cwd`, this one unless given), its clock standing at TEST_NOW.
 * Resolves once it listens; rejects with its output when it exits first (a start-up
 * failure) or does not start within a minute.
 */
export function startServer(
  env: Record<string, string>,
  onOutput?: (chunk: string) => void,
  cwd?: string,
  script: string[] = demoScript("server", cwd),
): Promise<StartedServer> {
  // Node's start settings as `npm start` gives them (demo/api/operations/heap-growth.ts).
  const server: ChildProcess = spawn(process.execPath, [...MEMORY_NODE_FLAGS, ...script], {
    ...(cwd ? { cwd } : {}),
    env: {
      ...process.env,
      ...MEMORY_ENVIRONMENT,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: ":memory:",
      SEED_FILE: "",
      DATABASE_URL: "",
      API_MODE: "",
      API_SECRET: "",
      PUBLIC_URL: "",
      MESSAGE_WEBHOOK_URL: "",
      MESSAGE_WEBHOOK_SECRET: "",
      SMTP_URL: "",
      SMTP_FROM: "",
      METRICS_TOKEN: "",
      FIXED_NOW: TEST_NOW.toISOString(),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  return new Promise<StartedServer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ServerExit(null, output.join(""))), 60_000);
    let listening = false;
    server.stdout!.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      onOutput?.(chunk.toString());
      // Once: every later chunk of output would otherwise add another exit listener.
      const match = listening ? null : /"msg":"listening","port":(\d+)/.exec(output.join(""));
      if (match) {
        listening = true;
        clearTimeout(timer);
        const exited = new Promise<number | null>((done) => server.once("exit", (code) => done(code)));
        resolve({
          url: `http://127.0.0.1:${match[1]}`,
          stop: () => server.kill("SIGTERM"),
          stopped: () => {
            server.kill("SIGTERM");
            return exited;
          },
          killed: async () => {
            server.kill("SIGKILL");
            await exited;
          },
        });
      }
    });
    server.stderr!.on("data", (chunk: Buffer) => {
      output.push(chunk.toString());
      onOutput?.(chunk.toString());
    });
    server.on("exit", (code) => {
      clearTimeout(timer);
      reject(new ServerExit(code, output.join("")));
    });
  });
}

export class ServerExit extends Error {
  constructor(
    readonly code: number | null,
    readonly output: string,
  ) {
    super(`server exited with ${code}:\n${output}`);
  }
}

/** A start that must be refused: answers how the server exited (its code and output); throws when it started. */
export async function refusedStart(starting: Promise<StartedServer>): Promise<ServerExit> {
  const failure = await starting.then(
    (server) => {
      server.stop();
      throw new Error("the server started");
    },
    (error: unknown) => error,
  );
  if (!(failure instanceof ServerExit)) throw failure;
  return failure;
}
