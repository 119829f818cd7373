import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newWatchedPage } from "./browser.ts";
import { baseUrl } from "./base-url.ts";

// The widget as a provider installs it: `npm pack` of this repository's root, installed
// into a fresh project of its own (nothing of this checkout is reachable from there),
// then rendered in Chromium from node_modules — by a plain module script tag, and from a
// small React app that a bundler (vite) builds. Both talk to this file's reference API.

const api = `${baseUrl()}/api`;
const root = process.cwd();
let project: string;
let browser: Browser;
let site: { url: string; close: () => void };

const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** The consumer project's files over HTTP, as any static host would serve them. */
function serveFolder(folder: string): Promise<{ url: string; close: () => void }> {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };
  const server: Server = createServer((request, response) => {
    const path = normalize(join(folder, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)));
    if (!path.startsWith(folder + sep)) return void response.writeHead(403).end();
    try {
      const body = readFileSync(path);
      response.writeHead(200, { "content-type": `${types[extname(path)] ?? "application/octet-stream"}; charset=utf-8` }).end(body);
    } catch {
      response.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://localhost:${port}`, close: () => server.close() });
    }),
  );
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), "bw-consumer-"));
  const packed = JSON.parse(npm(["pack", "--json", "--ignore-scripts", "--pack-destination", project], root)) as {
    filename: string;
    files: { path: string }[];
  }[];
  const tarball = join(project, packed[0]!.filename);
  // The tarball carries dist/ and the package's own files, nothing of src/, demo/ or tests/.
  expect(packed[0]!.files.every(({ path }) => path.startsWith("dist/") || ["package.json", "README.md"].includes(path))).toBe(true);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "provider-app", private: true, type: "module" }));
  npm(["install", tarball, "react@19", "react-dom@19", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], project);

  writeFileSync(
    join(project, "plain.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A provider's page</title>
      <script type="module" async src="/node_modules/booking-widget/dist/booking-widget.js"></script></head>
      <body><main><booking-widget company="demo-salon" api-base="${api}"></booking-widget></main></body></html>`,
  );
  // The React app: its own React renders the element; the widget brings its own inside.
  mkdirSync(join(project, "app"));
  writeFileSync(
    join(project, "app/index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A provider's React app</title></head>
      <body><main id="root"></main><script type="module" src="./main.js"></script></body></html>`,
  );
  writeFileSync(
    join(project, "app/main.js"),
    `import { createElement } from "react";
     import { createRoot } from "react-dom/client";
     import "booking-widget/element";
     function App() {
       return createElement("div", null,
         createElement("h1", null, "Book with us"),
         createElement("booking-widget", { company: "demo-salon", "api-base": ${JSON.stringify(api)}, lang: "en" }));
     }
     createRoot(document.getElementById("root")).render(createElement(App));`,
  );
  const { build } = await import("vite");
  await build({
    root: join(project, "app"),
    base: "./",
    logLevel: "silent",
    configFile: false,
    build: { outDir: join(project, "app-dist") },
  });
  site = await serveFolder(project);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  site?.close();
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("the package installed by a provider", () => {
  it("declares its entries and types", () => {
    const manifest = JSON.parse(readFileSync(join(project, "node_modules/booking-widget/package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    expect(Object.keys(manifest.exports)).toEqual(
      ["."].concat(["./element", "./contract", "./prerender", "./prerender/browser", "./package.json"]),
    );
    const types = readFileSync(join(project, "node_modules/booking-widget/dist/booking-widget.d.ts"), "utf8");
    expect(types).toContain("HTMLElementTagNameMap");
    expect(types).toContain("BookingConfirmedDetail");
  });

  it("renders from a plain module script tag, on a host that is not ours", async () => {
    const { page, errors } = await newWatchedPage(browser);
    await page.goto(`${site.url}/plain.html`);
    await page.getByRole("button", { name: /^Women's haircut/ }).waitFor();
    await expect(page.getByRole("heading", { level: 2, name: "Select service" }).isVisible()).resolves.toBe(true);
    // The static host has no painted copy to give (404): the widget rendered itself, and said nothing is wrong.
    expect(errors.filter((error) => !error.includes("404"))).toEqual([]);
    await page.context().close();
  });

  it("renders inside a React app built by a bundler from the installed package", async () => {
    const { page, errors } = await newWatchedPage(browser);
    await page.goto(`${site.url}/app-dist/index.html`);
    await page.getByRole("heading", { level: 1, name: "Book with us" }).waitFor();
    await page.getByRole("button", { name: /^Women's haircut/ }).click();
    await page.getByRole("dialog", { name: /Add extras to Women's haircut/ }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
