import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { THEME_PALETTES, contrastRatio, failingPairs } from "./contrast.ts";

describe("contrastRatio", () => {
  it("gives WCAG's ratios: black on white 21, a colour on itself 1, #767676 on white just over 4.5", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#2457c5", "#2457c5")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBe(contrastRatio("#767676", "#ffffff"));
  });
});

describe("failingPairs", () => {
  it("finds nothing in the widget's own light and dark palettes", () => {
    expect(failingPairs("light", {})).toEqual([]);
    expect(failingPairs("dark", {})).toEqual([]);
  });

  it("names the pairs a pale main colour breaks, with their ratios", () => {
    const failing = failingPairs("light", { "--bw-color-primary": "#9ecbff" });
    expect(failing.map((pair) => [pair.foreground, pair.background])).toEqual([
      ["--bw-color-primary", "--bw-color-bg"],
      ["--bw-color-primary-text", "--bw-color-primary"],
    ]);
    expect(failing.every((pair) => pair.ratio < 4.5)).toBe(true);
  });

  it("checks a dark background against the dark theme's text", () => {
    expect(failingPairs("dark", { "--bw-color-bg": "#ffffff" }).map((pair) => pair.where)).toContain("text on the background");
  });

  it("knows the palettes the widget's stylesheet declares", () => {
    // The stylesheet's light palette is written spaced, its dark one minified: compared without the spaces.
    const css = readFileSync("src/styles/widget-css.ts", "utf8").replaceAll(": ", ":");
    for (const [mode, palette] of Object.entries(THEME_PALETTES))
      for (const [property, colour] of Object.entries(palette)) expect(css, mode).toContain(`${property}:${colour};`);
  });
});
