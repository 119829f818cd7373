import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { widgetCss } from "../styles/widget-css.ts";
import { minifyCssLiterals } from "./minify-widget-css.ts";

describe("minifyCssLiterals", () => {
  it("minifies the marked literal and leaves the code around it", async () => {
    const out = await minifyCssLiterals(
      "export const a = /* css */ `\n:host {\n  color: red;\n}\n/* note */\n.b { margin: 0px; }\n`;\nexport const n = 1;\n",
    );
    expect(out).toBe("export const a = `:host{color:red}.b{margin:0}`;\nexport const n = 1;\n");
  });

  it("drops the space after a custom property's or a container query's colon, not a space inside a value", async () => {
    const out = await minifyCssLiterals('const a = /* css */ `:host { --bw-font: system-ui, "Segoe UI"; --bw-space:  16px; }`;');
    expect(out).toBe('const a = `:host{--bw-font:system-ui, "Segoe UI";--bw-space:16px}`;');
    const query = await minifyCssLiterals("const a = /* css */ `@container (max-width: 599px) { .x { content: 'a: b'; } }`;");
    expect(query).toBe('const a = `@container (max-width:599px){.x{content:"a: b"}}`;');
  });

  it("keeps every rule of the widget's stylesheet (same rules after a browser-free parse: selectors and custom properties)", async () => {
    const source = readFileSync("src/styles/widget-css.ts", "utf8");
    const minified = await minifyCssLiterals(source);
    expect(minified.length).toBeLessThan(source.length);
    for (const name of widgetCss.match(/--bw-[a-z-]+(?=:)/g)!) expect(minified).toContain(`${name}:`);
    // The one dark palette, under theme="dark" and under theme="auto" on a dark system.
    expect(widgetCss).toMatch(
      /:host\(\[theme=dark\]\)\{--bw-color-text:#e8ebf0;.*color-scheme:dark!important\}@media \(prefers-color-scheme:dark\)\{:host\(\[theme=auto\]\)\{--bw-color-text:#e8ebf0;/,
    );
  });
});

describe("minifyCssLiterals and characters a template literal treats specially", () => {
  it("keeps a check mark as it is (esbuild would write a CSS escape, an octal escape in a literal)", async () => {
    const out = await minifyCssLiterals('const a = /* css */ `.x::before { content: "✓ "; }`;');
    const css = new Function(out.replace("const a =", "return"))() as string;
    expect(css).toBe('.x:before{content:"✓ "}');
  });
});
