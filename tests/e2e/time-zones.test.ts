import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatOffset, offsetMinutes } from "../../src/time/time-zone-note.ts";
import { fromZoned } from "../../src/contract/zoned-time.ts";
import { clockOf, expectedFirstDay } from "../support/expected-times.ts";
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

    // Tokyo's time first: the note says so, the button offers Chicago's again, the times are Tokyo's.
    await page.getByRole("button", { name: "Show my time first" }).click();
    const tokyo = formatOffset(offsetMinutes("Asia/Tokyo", new Date(`${day.iso}T12:00:00Z`)));
    await page
      .getByText(`Times are shown in your own time (${tokyo}) first, with the local time of Chicago (${offset}) beside each.`, {
        exact: true,
      })
      .waitFor();
    await expect(page.getByText(/^Times are shown in the local time of/).count()).resolves.toBe(0);
    const start = fromZoned(day.iso, day.times[0]!, "America/Chicago");
    await expect.poll(() => hours.getByRole("button").first().textContent()).toMatch(new RegExp(`${clockOf(start, "Asia/Tokyo")}$`));
    await page.getByRole("button", { name: "Show Chicago time first" }).click();
    await page.getByRole("button", { name: "Show my time first" }).waitFor();
    expect(await hours.getByRole("button").allTextContents()).toEqual(day.times);

    // The hold's end on the clinic's 24-hour clock, named as Chicago's.
    await hours.getByRole("button").first().click();
    await page.getByText(/^This time is held for you until \d{2}:\d{2} Chicago time\.$/).waitFor();
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
