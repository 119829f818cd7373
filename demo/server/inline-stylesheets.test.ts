import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./inline-stylesheets.ts";

const page = (head: string) => `<html><head>${head}</head><body></body></html>`;
const sha = (css: string) => `'sha256-${createHash("sha256").update(css).digest("base64")}'`;

describe("the host page's small stylesheets written into it", () => {
  it("replaces a built stylesheet's link by its text, and names its hash for the CSP", () => {
    const css = "body{margin:0}";
    const { html, styleSources } = inlineStylesheets(page('<link rel="stylesheet" crossorigin href="/assets/index-1.css">'), (path) =>
      path === "/assets/index-1.css" ? css : null,
    );
    expect(html).toBe(page(`<style>${css}</style>`));
    expect(styleSources).toEqual([sha(css)]);
  });

  it("leaves a link it cannot read, a large file and text that would close the style element", () => {
    const links = [
      '<link rel="stylesheet" href="/assets/missing.css">',
      '<link rel="stylesheet" href="/assets/large.css">',
      '<link rel="stylesheet" href="/assets/closing.css">',
    ].join("");
    const files: Record<string, string> = { "/assets/large.css": `a{}${" ".repeat(5000)}`, "/assets/closing.css": "a{content:'</style>'}" };
    const { html, styleSources } = inlineStylesheets(page(links), (path) => files[path] ?? null);
    expect(html).toBe(page(links));
    expect(styleSources).toEqual([]);
  });

  it("leaves stylesheets of other places alone", () => {
    const link = '<link rel="stylesheet" href="https://cdn.example.com/a.css">';
    expect(inlineStylesheets(page(link), () => "a{}").html).toBe(page(link));
  });
});
