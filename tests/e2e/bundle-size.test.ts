import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FIRST_SCREEN_BUDGET_GZIP, importsOf, LOADER_BUDGET_GZIP, measureBundle } from "../support/bundle-size.ts";

describe("bundle size (dist/, built by npm test)", () => {
  const { firstScreen, lazy } = measureBundle("dist/booking-widget.js");
  const [loader, ...widget] = firstScreen;
  const widgetTotal = widget.reduce((sum, file) => sum + file.gzip, 0);

  it("paints the services with the loader alone: a few KB that wait for no other file", () => {
    expect(loader!.file).toBe("dist/booking-widget.js");
    expect(loader!.gzip).toBeLessThan(LOADER_BUDGET_GZIP);
    expect(importsOf(readFileSync(loader!.file, "utf8")).eager).toEqual([widget[0]!.file.replace(/^dist\//, "./")]);
    expect(importsOf(readFileSync(loader!.file, "utf8")).lazy).toEqual([]);
  });

  it("keeps the widget's own script and what it imports at once under 100 KB gzipped", () => {
    expect(widget[0]!.file).toMatch(/^dist\/chunks\/element-[A-Z0-9]+\.js$/);
    expect(widgetTotal).toBeLessThan(FIRST_SCREEN_BUDGET_GZIP);
  });

  it("asks V8 to compile the widget's first-screen scripts while they stream in, not function by function on the main thread (issue 43)", () => {
    // Without the hint React's start was ~130 ms of one task at 4x CPU on the bench's phone.
    for (const file of widget) expect(readFileSync(file.file, "utf8").startsWith("//# allFunctionsCalledOnLoad\n"), file.file).toBe(true);
  });

  it("loads DOMPurify, the other languages and the later screens' messages only when needed", () => {
    const eagerNames = firstScreen.map((file) => file.file).join(" ");
    expect(eagerNames).not.toMatch(/purify/);
    expect(lazy.some((file) => /purify/.test(file.file))).toBe(true);
    expect(lazy.filter((file) => /messages/.test(file.file))).toHaveLength(2);
    expect(eagerNames).not.toMatch(/later/);
    expect(lazy.filter((file) => /\/later-[A-Z0-9]+\.js$/.test(file.file))).toHaveLength(3);
  });

  it("loads the screens after the first (staff, time, forms, confirm, receipt, dialogs) as one lazy chunk", () => {
    expect(firstScreen.map((file) => file.file).join(" ")).not.toMatch(/later-screens/);
    expect(lazy.filter((file) => /later-screens-/.test(file.file))).toHaveLength(1);
  });

  it("reads static and dynamic imports apart; the loader's import of the widget is made at once", () => {
    expect(importsOf('import{a}from"./chunks/x.js";import"./y.js";const m=import("./chunks/z.js")')).toEqual({
      eager: ["./chunks/x.js", "./y.js"],
      lazy: ["./chunks/z.js"],
    });
    expect(importsOf('import(new URL("./chunks/element-AB12.js",import.meta.url).href);')).toEqual({
      eager: ["./chunks/element-AB12.js"],
      lazy: [],
    });
  });
});
