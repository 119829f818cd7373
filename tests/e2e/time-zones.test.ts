import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatOffset, offsetMinutes } from "../../src/time/time-zone-note.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { launchBrowser, newWatchedPage } from "./browser.ts";
import { baseUrl } from "./base-url.ts";

const base = baseUrl();
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("times in the provider's zone", () => {
  it("shows the clinic's Chicago hours to a visitor in Tokyo, and says which zone they are in", async () => {
    const { page } = await newWatchedPage(browser, { timezoneId: "Asia/Tokyo" });
    await page.goto(`${base}/demo-clinic`);
    await page.getByRole("button", { name: "Physiotherapy" }).click();
    const hours = page.getByRole("region", { name: /^Available times / });
    await hours.getByRole("button").first().waitFor();
    // The offset of Chicago on the day shown (GMT-6 in winter, GMT-5 in summer).
    const day = expectedFirstDay("demo-clinic", 45);
    const offset = formatOffset(offsetMinutes("America/Chicago", new Date(`${day.iso}T12:00:00Z`)));
    await expect(page.getByText(`Times are shown in the local time of Chicago (${offset}).`, { exact: true }).isVisible()).resolves.toBe(
      true,
    );

    // The clinic's own 08:00–16:00 times, not those converted to Tokyo time (late evening and night).
    expect(await hours.getByRole("button").allTextContents()).toEqual(day.times);
    await page.context().close();
  });

  it("says nothing about zones to a visitor in the provider's own zone", async () => {
    const { page } = await newWatchedPage(browser, { timezoneId: "America/Chicago" });
    await page.goto(`${base}/demo-clinic`);
    await page.getByRole("button", { name: "Physiotherapy" }).click();
    const hours = page.getByRole("region", { name: /^Available times / });
    await hours.getByRole("button").first().waitFor();
    expect(await hours.getByRole("button").allTextContents()).toEqual(expectedFirstDay("demo-clinic", 45).times);
    await expect(page.getByText(/Times are shown in the local time/).count()).resolves.toBe(0);
    await page.context().close();
  });
});
