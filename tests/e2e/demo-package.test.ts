import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMessageGateway } from "../support/message-gateway.ts";
import { runProvidersImport } from "../support/providers-import.ts";
import { startServer } from "../support/start-server.ts";

// The demo package as an operator installs it: the built tree (the widget's dist/ and
// demo/ with its dist/) copied where nothing of this checkout's node_modules is, then
// `npm ci --omit=dev` in demo/ — no build tools, no test tools — then its production
// start from the compiled server.

const here = process.cwd();
let copy: string;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "bw-demo-package-"));
  for (const file of ["package.json", "package-lock.json"]) copyFileSync(join(here, file), join(copy, file));
  cpSync(join(here, "dist"), join(copy, "dist"), { recursive: true });
  cpSync(join(here, "demo"), join(copy, "demo"), { recursive: true, filter: (source) => !source.includes("node_modules") });
  execFileSync("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
    cwd: join(copy, "demo"),
    stdio: ["ignore", "pipe", "pipe"],
  });
}, 180_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe("the demo package installed with npm ci --omit=dev", () => {
  it("has its runtime libraries and none of the build's or the tests'", () => {
    for (const runtime of ["hono", "@electric-sql/pglite", "pg", "stripe", "nodemailer", "prom-client", "valibot"])
      expect(existsSync(join(copy, "node_modules", runtime)), runtime).toBe(true);
    for (const tool of ["tsup", "vite", "vitest", "tsx", "playwright-core", "@biomejs/biome", "react", "@lingui/core"])
      expect(existsSync(join(copy, "node_modules", tool)), tool).toBe(false);
  });

  it("imports booking pages and serves them from its production start", async () => {
    const gateway = await startMessageGateway();
    const dataDir = join(copy, "data");
    const imported = await runProvidersImport("seed/demo-providers.json", { DATA_DIR: dataDir }, join(copy, "demo"), [
      "dist/providers-import.js",
    ]);
    expect(imported.code, imported.output).toBe(0);
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        API_MODE: "production",
        API_SECRET: "9f1c2b7e4a6d8035c1e9b2f47a3d6e8c0b5f1a9d2e7c4b6a8f3d0e1c9b7a5f2d",
        PUBLIC_URL: "https://booking.example",
        MESSAGE_WEBHOOK_URL: gateway.url,
        MESSAGE_WEBHOOK_SECRET: "3b8e1f6a9c2d7e4b0a5f8c1d6e3b9a7f2c4e0d8b6a1f5c9e7d3b2a0f4c6e8d1b",
      },
      undefined,
      join(copy, "demo"),
      ["dist/server.js"],
    );
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const provider = (await (await fetch(`${server.url}/api/User/ByUser/demo-salon`)).json()) as { companyName: string };
      expect(provider.companyName).toBe("Demo Salon");
      // The standalone page arrives with its first screen painted by the widget's server render.
      const page = await (await fetch(`${server.url}/demo-salon`)).text();
      expect(page).toContain("Women&#x27;s haircut");
      const loader = await fetch(`${server.url}/widget/booking-widget.js`, { headers: { "accept-encoding": "br" } });
      expect([loader.status, loader.headers.get("content-encoding")]).toEqual([200, "br"]);
      expect((await fetch(`${server.url}/api/dev/outbox`)).status).toBe(404);
    } finally {
      await server.stopped();
      await gateway.close();
    }
  });
});
