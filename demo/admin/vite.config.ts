import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The back office (demo/admin → demo/dist/admin), built beside the host page by
// src/build/build-once.ts. Its files are served under /_admin/ (an underscore no booking
// link can start with), its one HTML shell at /{bookingLink}/admin and below (demo/server/admin-app.ts).
const here = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: here,
  base: "/_admin/",
  publicDir: false,
  build: {
    outDir: `${here}../dist/admin`,
    emptyOutDir: true,
    target: "es2022",
    // The screens' chunks carry their hash (served for a year); the shell is read by the server.
    assetsDir: "assets",
    rollupOptions: {
      // TanStack Router's "use client" lines mean nothing outside a server-components bundler.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
