import { readFileSync } from "node:fs";
import { build, defineConfig, type Options } from "tsup";
import { minifyWidgetCssPlugin } from "./demo/build/minify-widget-css.ts";
import { stripMessageDefaultsPlugin } from "./demo/build/strip-message-defaults.ts";

const OUT_DIR = "dist";
const WIDGET_ENTRY = "src/element/index.ts";

const shared: Options = {
  format: ["esm"],
  target: "es2022",
  platform: "browser",
  treeshake: true,
  // BENCH_UNMINIFIED=1 keeps names readable for a profile of the bench's flow (never shipped).
  minify: process.env.BENCH_UNMINIFIED ? false : "terser",
  terserOptions: { module: true, compress: { passes: 2 } },
  sourcemap: true,
  outDir: OUT_DIR,
  noExternal: [/.*/],
};

/** The widget's own script as the build named it (chunks/element-[hash].js), from tsup's metafile. */
function widgetScript(): string {
  const metafile = JSON.parse(readFileSync(`${OUT_DIR}/metafile-esm.json`, "utf8")) as {
    outputs: Record<string, { entryPoint?: string }>;
  };
  const output = Object.entries(metafile.outputs).find(([, { entryPoint }]) => entryPoint === WIDGET_ENTRY)?.[0];
  if (!output) throw new Error(`tsup.config: no output for ${WIDGET_ENTRY} in the metafile`);
  return `./${output.replace(`${OUT_DIR}/`, "")}`;
}

// Two builds. The widget: one ES module with code splitting, so that languages, the
// later screens (app/later-screens.ts) and Sentry load only when needed; its file name
// carries its hash (cached for a year). Then the script tag's loader
// (dist/booking-widget.js, src/element/loader.ts), built on its own once the widget's
// name is known: it shares no chunk with the widget, so it runs without waiting for
// another file, and imports the widget by that name.
// Everything is bundled: a provider's page has no import map and no React of its own.
export default defineConfig({
  ...shared,
  entry: { element: WIDGET_ENTRY },
  splitting: true,
  // Read below and by demo/build/finish-build.ts (which chunk holds which language), then removed.
  metafile: true,
  dts: { entry: { "booking-widget": WIDGET_ENTRY } },
  clean: true,
  // SENTRY_DSN at build time: the DSN our hosted pages report to (README "Error reporting").
  define: { "process.env.NODE_ENV": JSON.stringify("production"), __SENTRY_DSN__: JSON.stringify(process.env.SENTRY_DSN ?? "") },
  esbuildPlugins: [minifyWidgetCssPlugin(), stripMessageDefaultsPlugin()],
  esbuildOptions(options) {
    options.jsx = "automatic";
    options.entryNames = "chunks/[name]-[hash]";
    options.chunkNames = "chunks/[name]-[hash]";
    // React's license notices go to a .LEGAL.txt beside each file (served with it) instead of
    // twice into the first screen's scripts.
    options.legalComments = "external";
  },
  async onSuccess() {
    await build({
      ...shared,
      config: false,
      entry: { "booking-widget": "src/element/loader.ts" },
      splitting: false,
      clean: false,
      silent: true,
      define: { __WIDGET_SCRIPT__: JSON.stringify(widgetScript()) },
      esbuildPlugins: [minifyWidgetCssPlugin()],
    });
  },
});
