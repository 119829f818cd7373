import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { moduleGraph } from "./module-graph.ts";
import { SERVING_MANIFEST, sentryOriginOf, type ServingManifest } from "./serving-manifest.ts";

/**
 * The last build step (npm run build, after tsup and vite):
 * - dist/serving-manifest.json: the widget entry's static imports (the files the first
 *   screen needs), which the host page hints with modulepreload — from the build, never
 *   written by hand; and which chunk holds which language's first-screen catalog (from
 *   tsup's metafile, removed afterwards: it lists source paths);
 * - a .br and a .gz beside every text file, so the server answers compressed without
 *   compressing per request.
 */
const DIST = join(import.meta.dirname, "../../dist");
const COMPRESSIBLE = /\.(js|css|html|json|svg|map)$/;

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

const graph = moduleGraph(DIST, "booking-widget.js");
const METAFILE = join(DIST, "metafile-esm.json");
const metafile = JSON.parse(readFileSync(METAFILE, "utf8")) as { outputs: Record<string, { entryPoint?: string }> };
rmSync(METAFILE);
const catalogs: Record<string, string> = {};
for (const [output, { entryPoint }] of Object.entries(metafile.outputs)) {
  const language = /^src\/i18n\/locales\/(\w+)\/messages\.ts$/.exec(entryPoint ?? "")?.[1];
  if (language) catalogs[language] = output.replace(/^dist\//, "");
}
const sentryOrigin = sentryOriginOf(process.env.SENTRY_DSN);
const manifest: ServingManifest = {
  entry: "booking-widget.js",
  firstScreen: graph.eager,
  later: graph.lazy,
  catalogs,
  ...(sentryOrigin ? { sentryOrigin } : {}),
};
writeFileSync(join(DIST, SERVING_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

let count = 0;
for (const file of allFiles(DIST)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`finish-build: ${graph.eager.length} first-screen modules in ${SERVING_MANIFEST}; ${count} files precompressed (br, gz)`);
