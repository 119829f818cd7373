import { defineConfig } from "tsup";
import { packageServedFiles } from "./build/served-files.ts";

// The demo's build, after the widget's and the host page's (the root's `npm run build`):
// the server and the providers' import as two Node bundles (dist/server.js,
// dist/providers-import.js) that import their dependencies — the widget's package
// entries among them — from node_modules at run time, so that `npm ci --omit=dev`
// here is all a production machine needs; then the files the site serves (served-files.ts).
export default defineConfig({
  entry: {
    server: "server.ts",
    "providers-import": "providers-import.ts",
    "appointments-cancel": "appointments-cancel.ts",
    "providers-owner": "providers-owner.ts",
  },
  format: ["esm"],
  platform: "node",
  target: "node20",
  outDir: "dist",
  clean: false,
  splitting: true,
  sourcemap: false,
  external: [/^booking-widget(\/|$)/],
  async onSuccess() {
    packageServedFiles();
  },
});
