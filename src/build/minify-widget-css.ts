import { readFile } from "node:fs/promises";
import { transform, type Plugin } from "esbuild";

// The widget's stylesheets are CSS in a template literal: export const x = /* css */ `…`;
const CSS_LITERAL = /\/\* css \*\/ `([^`$\\]*)`/g;

/** Minifies each marked CSS literal of `source` (no interpolations, no escapes in them). */
export async function minifyCssLiterals(source: string): Promise<string> {
  let out = "";
  let last = 0;
  for (const match of source.matchAll(CSS_LITERAL)) {
    const { code } = await transform(match[1]!, { loader: "css", minify: true, charset: "utf8" });
    // esbuild keeps the space after a custom property's colon (its value is taken as
    // written) and in a container query's feature; the browser needs neither.
    const squeezed = code
      .trim()
      .replace(/(--[\w-]+): /g, "$1:")
      .replace(/@container \(([a-z-]+): /g, "@container ($1:");
    // Back into a template literal: its own escapes stay escapes.
    const literal = squeezed.replace(/[\\`]|\$\{/g, (special) => `\\${special}`);
    out += `${source.slice(last, match.index)}\`${literal}\``;
    last = match.index + match[0].length;
  }
  return out + source.slice(last);
}

/** The esbuild plugin that ships the widget's stylesheets minified (src/styles/*-css.ts). */
export function minifyWidgetCssPlugin(): Plugin {
  return {
    name: "minify-widget-css",
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]styles[\\/][^\\/]*-css\.ts$/ }, async ({ path }) => ({
        contents: await minifyCssLiterals(await readFile(path, "utf8")),
        loader: "ts",
      }));
    },
  };
}
