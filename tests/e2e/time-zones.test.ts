import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";

const base = inject("baseUrl");
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("times in the provider's zone", () => {
  it("shows the clinic's Chicago hours to a visitor in Tokyo, and says which zone they are in", async () => {
    const context = await browser.newContext({ locale: "en-US", timezoneId: "Asia/Tokyo" });
    const page = await context.newPage();
    await page.goto(`${base}/demo-clinic`);
    await page.getByRole("button", { name: "Physiotherapy" }).click();
    const hours = page.getByRole("region", { name: /^Available times / });
    await hours.getByRole("button").first().waitFor();
    await expect(page.getByText(/^Times are shown in the local time of Chicago \(GMT-[56]\)\.$/).isVisible()).resolves.toBe(true);

    // The clinic opens 08:00–16:00 in Chicago; converted to Tokyo time these would be
    // late evening and night hours instead.
    const labels = await hours.getByRole("button").allTextContents();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.every((label) => label >= "08:00" && label < "16:00")).toBe(true);
    await context.close();
  });

  it("says nothing about zones to a visitor in the provider's own zone", async () => {
    const context = await browser.newContext({ locale: "en-US", timezoneId: "America/Chicago" });
    const page = await context.newPage();
    await page.goto(`${base}/demo-clinic`);
    await page.getByRole("button", { name: "Physiotherapy" }).click();
    await page.getByRole("region", { name: /^Available times / }).getByRole("button").first().waitFor();
    await expect(page.getByText(/Times are shown in the local time/).count()).resolves.toBe(0);
    await context.close();
  });
});
