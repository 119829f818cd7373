import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chooseDay, usePages } from "./booking-support.ts";
import { expectedFirstDay } from "../support/expected-times.ts";

const open = usePages();
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/** axe-core's WCAG 2.2 A/AA violations on the page as it is (the widget's shadow tree included). */
async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate("typeof axe !== 'undefined'"))) await page.evaluate(AXE);
  return (await page.evaluate(`axe.run(document, { runOnly: { type: "tag", values: ${JSON.stringify(WCAG)} } })
    .then((result) => result.violations.flatMap((v) => v.nodes.map((n) => v.id + " " + n.target.join(" > ") + ": " + n.failureSummary.split("\\n")[1])))`)) as string[];
}

describe("accessibility (axe-core, WCAG 2.2 A/AA) — the first screens and the calendar", () => {
  for (const width of [1280, 360]) {
    it(`the first screen of each demo page at ${width} px`, async () => {
      for (const [path, first] of [["/demo-salon", /^Men's haircut/], ["/demo-frisor", "Dameklipp"], ["/demo-spa", /^Masaje/], ["/demo-clinic", "Physiotherapy"]] as const) {
        const { page } = await open(path);
        await page.setViewportSize({ width, height: 900 });
        await page.getByRole("button", { name: first }).first().waitFor();
        expect(await violations(page), path).toEqual([]);
        await page.context().close();
      }
    });

    it(`demo-clinic at ${width} px: the services and the calendar with its hours`, async () => {
      const { page } = await open("/demo-clinic");
      await page.setViewportSize({ width, height: 900 });
      await page.getByRole("button", { name: "Physiotherapy" }).waitFor();
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: "Physiotherapy" }).click();
      await chooseDay(page, expectedFirstDay("demo-clinic", 45).iso, "en");
      await page.getByRole("region", { name: /^Available times / }).getByRole("button").first().waitFor();
      expect(await violations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it("a chosen service is said to be pressed, its tick is not read as part of its name", async () => {
    const { page } = await open("/demo-salon");
    const service = page.getByRole("button", { name: /^Men's haircut/ });
    await service.click();
    // The accessible name as Chromium computes it (CDP's accessibility tree).
    const snapshot = (await page.locator("booking-widget").ariaSnapshot()) ?? "";
    expect(snapshot).toMatch(/button "Men's haircut[^"]*" \[pressed\]/);
    expect(snapshot).not.toContain("✓");
    await page.context().close();
  });
});
