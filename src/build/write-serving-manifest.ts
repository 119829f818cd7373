import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { moduleGraph } from "./module-graph.ts";
import { SERVING_MANIFEST, sentryOriginOf, type ServingManifest } from "../contract/serving-manifest.ts";

/**
 * dist/serving-manifest.json, the build's last step (tsup.config.ts): the loader's static
 * imports (the files the first screen needs), which a host page hints with modulepreload —
 * read from the build, never written by hand — and which chunk holds which language's
 * first-screen catalog (from esbuild's metafile, removed afterwards: it lists source paths).
 */
export function writeServingManifest(dist: string, entry: string, sentryDsn: string | undefined): ServingManifest {
  const graph = moduleGraph(dist, entry);
  const metafilePath = join(dist, "metafile-esm.json");
  const metafile = JSON.parse(readFileSync(metafilePath, "utf8")) as { outputs: Record<string, { entryPoint?: string }> };
  // KEEP_METAFILE=1 keeps it, to read what each module costs the first screen.
  if (!process.env.KEEP_METAFILE) rmSync(metafilePath);
  const catalogs: Record<string, string> = {};
  for (const [output, { entryPoint }] of Object.entries(metafile.outputs)) {
    const language = /^src\/i18n\/locales\/(\w+)\/messages\.ts$/.exec(entryPoint ?? "")?.[1];
    if (language) catalogs[language] = output.replace(/^dist\//, "");
  }
  const sentryOrigin = sentryOriginOf(sentryDsn);
  const manifest: ServingManifest = {
    entry,
    firstScreen: graph.eager,
    later: graph.lazy,
    catalogs,
    ...(sentryOrigin ? { sentryOrigin } : {}),
  };
  writeFileSync(join(dist, SERVING_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
