import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = fileURLToPath(new URL(".", import.meta.url));

// Two jobs: `vite build` builds the standalone host page (demo/host → dist/host), and
// vitest runs every test level as a project of its own.
export default defineConfig({
  root: `${here}demo/host`,
  base: "/",
  publicDir: false,
  build: {
    outDir: `${here}dist/host`,
    emptyOutDir: true,
    target: "es2022",
  },
  test: {
    root: here,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          root: here,
          environment: "node",
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
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          root: here,
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          root: here,
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
