import { readFileSync, writeFileSync } from "node:fs";
import { build, defineConfig, type Options } from "tsup";
import { minifyWidgetCssPlugin } from "./src/build/minify-widget-css.ts";
import { squeezeFirstScreen, TERSER_OPTIONS } from "./src/build/squeeze-first-screen.ts";
import { stripMessageDefaultsPlugin } from "./src/build/strip-message-defaults.ts";
import { writeServingManifest } from "./src/build/write-serving-manifest.ts";
import { LIBRARY_ALIASES } from "./src/build/library-aliases.ts";

const OUT_DIR = "dist";
const WIDGET_ENTRY = "src/element/index.ts";

// BENCH_UNMINIFIED=1 keeps names readable for a profile of the bench's flow (never shipped).
const MINIFIED = !process.env.BENCH_UNMINIFIED;

const shared: Options = {
  format: ["esm"],
  target: "es2022",
  platform: "browser",
  // esbuild's minifier (and its tree shaking); terser goes over the first screen's files
  // afterwards (squeeze-first-screen.ts).
  minify: MINIFIED,
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

// The package's entries (package.json "exports"): the script tag's loader
// (booking-widget.js), the element for a bundler (element.js), the contract a booking API
// shares with the widget (contract.js), and the first screen's server render (prerender.js,
// Node) with its browser half (prerender-browser.js). Their types are bundled beside them.
//
// The browser builds. The widget: one ES module with code splitting, so that languages, the
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
  dts: {
    entry: {
      "booking-widget": WIDGET_ENTRY,
      contract: "src/contract/index.ts",
      prerender: "src/prerender/index.ts",
      "prerender-browser": "src/prerender/browser.ts",
    },
  },
  clean: true,
  banner: { js: "//# allFunctionsCalledOnLoad" },
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
    // ofetch's two URL helpers without ufo's general parser: ~0.6 KB gzipped off the first
    // screen (src/api/fetch-url.ts, tested against ufo's own answers).
    options.alias = Object.fromEntries(Object.entries(LIBRARY_ALIASES).map(([library, file]) => [library, `./${file}`]));
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
      ...(MINIFIED ? { minify: "terser", terserOptions: TERSER_OPTIONS } : {}),
    });
    // Classic scripts, each a file of its own: the iframe variant's parent script, and the
    // standalone page's tap noting, written into the page (no source map: it is inline).
    const classicScript = (name: string, entry: string, options: Options = {}) =>
      build({
        ...shared,
        config: false,
        entry: { [name]: entry },
        format: ["iife"],
        outExtension: () => ({ js: ".js" }),
        splitting: false,
        clean: false,
        silent: true,
        ...options,
      });
    await classicScript("frame-height", "src/element/frame-height.ts");
    await classicScript("painted-taps", "src/prerender/painted-taps.ts", {
      sourcemap: false,
      ...(MINIFIED ? { minify: "terser", terserOptions: TERSER_OPTIONS } : {}),
    });
    // A bundler's entry, under a name that does not change: the widget's own script.
    writeFileSync(`${OUT_DIR}/element.js`, `export * from "${widgetScript()}";\n`);
    const manifest = writeServingManifest(OUT_DIR, "booking-widget.js", process.env.SENTRY_DSN);
    if (MINIFIED)
      await squeezeFirstScreen(
        OUT_DIR,
        manifest.firstScreen.filter((file) => file !== manifest.entry),
      );
    // For servers: the contract and the first screen's render (React's server renderer),
    // bundled like the rest and left readable, so that the package has no dependency to
    // install. React's server renderer may require Node's built-ins, which an ES module
    // reaches through a require of its own.
    const forServers: Options = {
      ...shared,
      config: false,
      splitting: false,
      clean: false,
      silent: true,
      sourcemap: false,
      minify: false,
    };
    await build({ ...forServers, entry: { contract: "src/contract/index.ts" }, platform: "neutral" });
    await build({
      ...forServers,
      entry: { prerender: "src/prerender/index.ts" },
      platform: "node",
      banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
      define: { "process.env.NODE_ENV": JSON.stringify("production"), __SENTRY_DSN__: JSON.stringify("") },
      esbuildPlugins: [minifyWidgetCssPlugin(), stripMessageDefaultsPlugin()],
      esbuildOptions(options) {
        options.jsx = "automatic";
      },
    });
    await build({
      ...shared,
      config: false,
      splitting: false,
      clean: false,
      silent: true,
      entry: { "prerender-browser": "src/prerender/browser.ts" },
    });
  },
});
