import { existsSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startServer } from "../support/start-server.ts";

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
  const server = await startServer({});
  project.provide("baseUrl", server.url);
  return () => {
    server.stop();
  };
}
