import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { firstScreenModules, runtimeImportsOf } from "../../src/build/first-screen-modules.ts";
import { laterCss } from "../../src/styles/later-css.ts";
import { widgetCss } from "../../src/styles/widget-css.ts";
import { measureBundle } from "../support/bundle-size.ts";

// The first-screen/later split is one list, read from the code (src/build/first-screen-modules.ts):
// the bundler, the message catalogs and the stylesheets are held to it here (dist/, built by npm test).
const root = process.cwd();
const firstScreen = new Set(firstScreenModules(root));
const { firstScreen: firstFiles, lazy: lazyFiles } = measureBundle("dist/booking-widget.js");

/** The src/ modules a built script holds, from its source map. */
function sourcesOf(file: string): string[] {
  const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[] };
  return map.sources
    .map((source) =>
      normalize(join(dirname(file), source))
        .split("\\")
        .join("/"),
    )
    .filter((path) => path.startsWith("src/"));
}

/** The files whose messages a .po catalog holds (its #: origins). */
function originsOf(catalog: string): Set<string> {
  const text = readFileSync(`src/i18n/locales/en/${catalog}.po`, "utf8");
  return new Set([...text.matchAll(/^#: (.*)$/gm)].flatMap((m) => m[1]!.split(" ").map((origin) => origin.replace(/:\d+$/, ""))));
}

describe("the first-screen/later split (one list, from the element's static imports)", () => {
  it("reads run-time imports: type-only imports and exports are erased, dynamic ones are later", () => {
    const source = [
      'import type { A } from "./a.ts";',
      'import { b, type C } from "./b.ts";',
      'export type { D } from "./d.ts";',
      'export { e } from "./e.ts";',
      'import "./f.ts";',
      '// import { g } from "./g.ts";',
      'const later = () => import("./h.ts");',
    ].join("\n");
    expect(runtimeImportsOf(source)).toEqual({ eager: ["./b.ts", "./e.ts", "./f.ts"], lazy: ["./h.ts"] });
  });

  it("starts at the element and stops at the lazy boundary: the later screens are not on it", () => {
    expect(firstScreen.has("src/element/index.ts")).toBe(true);
    expect(firstScreen.has("src/booking/service/ServiceStep.tsx")).toBe(true);
    for (const later of [
      "src/app/later-screens.ts",
      "src/booking/time/TimeStep.tsx",
      "src/my-page/MyPageView.tsx",
      "src/styles/later-css.ts",
    ]) {
      expect(firstScreen.has(later), later).toBe(false);
    }
  });

  it("the first screen's built scripts hold only modules of the list", () => {
    const eager = firstFiles.flatMap((file) => sourcesOf(file.file)).filter((path) => !path.startsWith("src/i18n/locales/"));
    expect(eager.length).toBeGreaterThan(40);
    expect(eager.filter((path) => !firstScreen.has(path))).toEqual([]);
    // (Not the converse: the bundler splits a module's unused exports — schemas/index.ts
    // re-exports every schema — into the later chunk.)
    expect(lazyFiles.flatMap((file) => sourcesOf(file.file))).toContain("src/booking/time/TimeStep.tsx");
  });

  it("the first catalog holds the messages of the list's modules, the later catalog everyone else's", () => {
    const first = originsOf("messages");
    const later = originsOf("later");
    expect(first).toContain("src/kernel/shell-messages.ts");
    expect([...first].filter((path) => !firstScreen.has(path))).toEqual([]);
    expect([...later].filter((path) => firstScreen.has(path))).toEqual([]);
  });

  it("no class name the first screen's components write waits for the later stylesheet", () => {
    const classes = new Set(
      [...firstScreen]
        .filter((path) => path.endsWith(".tsx"))
        .flatMap((path) => [...readFileSync(path, "utf8").matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)])
        .flatMap((m) => [...(m[1] ?? m[2] ?? "").matchAll(/(?:^|\s)(bw-[a-z0-9_-]*[a-z0-9])(?=\s|$)/g)].map((token) => token[1]!)),
    );
    // A class may be a hook with no style of its own (bw-main); one the later sheet styles
    // would change the first screen's look when that sheet arrives.
    expect([...classes].filter((name) => !widgetCss.includes(`.${name}`) && laterCss.includes(`.${name}`))).toEqual([]);
    expect([...classes].filter((name) => widgetCss.includes(`.${name}`)).length).toBeGreaterThan(10);
  });
});
