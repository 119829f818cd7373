import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { postgresForTests } from "./tests/support/postgres-for-tests.ts";
import { TEST_SLOWNESS as slowness } from "./tests/support/test-slowness.ts";

// TEST_SLOWNESS (tests/support/test-slowness.ts) multiplies every test and hook time limit.

const here = fileURLToPath(new URL(".", import.meta.url));

// The API suite runs twice: on PGlite (project "api") and on a real PostgreSQL
// (project "api-postgres"), the latter only when TEST_DATABASE_URL answers. CI sets it;
// a CI run whose server does not answer fails rather than skipping silently.
const postgres = process.env.VITEST ? await postgresForTests() : { url: null, reason: "not a test run" };
// With TEST_POOLER_URL (CI: .ci/start-pgbouncer, PgBouncer in transaction mode in front of
// that server), the API's PostgreSQL run goes through the pooler, as N API processes of an
// operator's do (issue 44); the browser tests' servers stay on the server itself.
const pooler =
  process.env.VITEST && process.env.TEST_POOLER_URL
    ? await postgresForTests({ TEST_DATABASE_URL: process.env.TEST_POOLER_URL })
    : { url: null, reason: "TEST_POOLER_URL is not set" };

async function postgresProject(): Promise<TestProjectInlineConfiguration[]> {
  if (!process.env.VITEST) return [];
  // vitest loads this file more than once per run; say it once.
  const say = (line: string) => {
    if (!process.env.BW_POSTGRES_RUN_ANNOUNCED) console.log(line);
    process.env.BW_POSTGRES_RUN_ANNOUNCED = "1";
  };
  if (!postgres.url) {
    if (process.env.CI && process.env.TEST_DATABASE_URL) throw new Error(`PostgreSQL API run impossible: ${postgres.reason}`);
    say(`\n  PostgreSQL API run SKIPPED: ${postgres.reason}\n`);
    return [];
  }
  if (process.env.TEST_POOLER_URL && !pooler.url) throw new Error(`PgBouncer API run impossible: ${pooler.reason}`);
  const apiUrl = pooler.url ?? postgres.url;
  say(
    `\n  PostgreSQL API run: tests/api against ${apiUrl.replace(/\/\/[^@/]*@/, "//")}${pooler.url ? " (PgBouncer, transaction mode)" : ""}\n`,
  );
  return [
    {
      extends: true,
      test: {
        name: "api-postgres",
        root: here,
        environment: "node",
        include: ["tests/api/**/*.test.ts"],
        isolate: false,
        // They start the server itself, always on PGlite. The fuzzing of every route's input
        // runs on PGlite only: PGlite is PostgreSQL's own engine, and what this second run
        // adds (many connections at once: locks, races, limits) the fuzzing does not test.
        // The 2,000 slow connections test the server's sockets, not its database.
        exclude: [
          "tests/api/seed-file.test.ts",
          "tests/api/fixed-now.test.ts",
          "tests/api/server-modes.test.ts",
          "tests/api/fuzz-routes.test.ts",
          "tests/api/slow-clients.test.ts",
        ],
        testTimeout: 20_000 * slowness,
        hookTimeout: 30_000 * slowness,
        provide: { postgresUrl: apiUrl },
      },
    },
    {
      extends: true,
      test: {
        // The operator's topologies, each on PostgreSQL clusters of its own (tests/support/pg-cluster.ts):
        // a failover, a read replica, PgBouncer. They run the built server, after the other projects.
        name: "operations",
        root: here,
        environment: "node",
        include: ["tests/operations/**/*.test.ts"],
        testTimeout: 240_000 * slowness,
        hookTimeout: 120_000 * slowness,
        sequence: { groupOrder: 1 },
      },
    },
  ];
}

// Two jobs: `vite build` builds the standalone host page (demo/host → demo/dist/host), and
// vitest runs every test level as a project of its own.
const postgresProjects = await postgresProject();

export default defineConfig({
  root: `${here}demo/host`,
  base: "/",
  publicDir: false,
  build: {
    outDir: `${here}demo/dist/host`,
    emptyOutDir: true,
    target: "es2022",
  },
  test: {
    root: here,
    // demo/ imports the widget's package entries by name: from source here, as in tsconfig.json's paths.
    alias: {
      "booking-widget/contract": `${here}src/contract/index.ts`,
      "booking-widget/prerender/browser": `${here}src/prerender/browser.ts`,
      "booking-widget/prerender": `${here}src/prerender/index.ts`,
    },
    // Both cores (vitest's default leaves one free): the unit, component and API files run
    // two at a time, then the browser files (sequence.groupOrder below), two at a time too.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          root: here,
          environment: "node",
          // Pure functions: the files share one module graph per worker (a fresh one per file
          // cost three quarters of the project's time).
          isolate: false,
          include: ["src/**/*.test.ts", "demo/**/*.test.ts", "tests/unit/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "component",
          root: here,
          environment: "happy-dom",
          include: ["src/**/*.test.tsx", "tests/component/**/*.test.{ts,tsx}"],
          setupFiles: ["tests/support/component-setup.ts"],
          // One window and module graph per worker, not per file: about half of the project's
          // time. component-setup.ts starts each file as a fresh page would (nothing
          // remembered, the first address, an empty body); what stays is what a page where a
          // widget has already been keeps too (loaded chunks, catalogs, the element's definition).
          isolate: false,
          testTimeout: 20_000 * slowness,
          // A file's in-memory database starts in seconds, longer when CI runs two suites at once.
          hookTimeout: 30_000 * slowness,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          root: here,
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          // The files share a module graph per worker (PGlite's engine is compiled once, not
          // per file: a quarter of the project's time). Each file makes its own database,
          // server and clock in its hooks; a shared fixture's bindings are set again there.
          isolate: false,
          testTimeout: 20_000 * slowness,
          hookTimeout: 30_000 * slowness,
        },
      },
      ...postgresProjects,
      {
        extends: true,
        test: {
          name: "e2e",
          root: here,
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          setupFiles: ["tests/e2e/server-per-file.ts"],
          // Where a PostgreSQL answers (CI), each file's server keeps its data there, in a
          // database of its own: it starts seconds sooner than an in-memory PGlite, and
          // the browser flows run against the database an operator runs.
          ...(postgres.url ? { provide: { postgresUrl: postgres.url } } : {}),
          testTimeout: 60_000 * slowness,
          hookTimeout: 60_000 * slowness,
          // After the other projects, not beside them: a browser file waits mostly on its
          // page and server, and two side by side keep the cores busy; beside the API's
          // 1000-parallel tests they would only slow each other down. Each file has its own
          // server, database and browser, so two files never share state.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
