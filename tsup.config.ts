import { defineConfig } from "tsup";
import { minifyWidgetCssPlugin } from "./demo/build/minify-widget-css.ts";
import { stripMessageDefaultsPlugin } from "./demo/build/strip-message-defaults.ts";

// The element build: one ES module entry for the script tag, with code splitting so
// that languages, the later screens (app/later-screens.ts) and Sentry load only when needed.
// Everything is bundled: a provider's page has no import map and no React of its own.
export default defineConfig({
  entry: { "booking-widget": "src/element/index.ts" },
  format: ["esm"],
  target: "es2022",
  platform: "browser",
  splitting: true,
  treeshake: true,
  minify: "terser",
  terserOptions: { module: true, compress: { passes: 2 } },
  sourcemap: true,
  // Read by demo/build/finish-build.ts (which chunk holds which language), then removed.
  metafile: true,
  dts: { entry: { "booking-widget": "src/element/index.ts" } },
  clean: true,
  outDir: "dist",
  noExternal: [/.*/],
  // SENTRY_DSN at build time: the DSN our hosted pages report to (README "Error reporting").
  define: { "process.env.NODE_ENV": JSON.stringify("production"), __SENTRY_DSN__: JSON.stringify(process.env.SENTRY_DSN ?? "") },
  esbuildPlugins: [minifyWidgetCssPlugin(), stripMessageDefaultsPlugin()],
  esbuildOptions(options) {
    options.jsx = "automatic";
    options.chunkNames = "chunks/[name]-[hash]";
    // React's license notices go to a .LEGAL.txt beside each file (served with it) instead of
    // twice into the first screen's scripts.
    options.legalComments = "external";
  },
});
