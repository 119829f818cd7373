import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { DEMO_PROVIDERS_FILE } from "../../demo/api/seed/demo-providers-file.ts";
import type { ParsedFixture } from "../../demo/api/seed/fixture.ts";
import { type StartedServer, startServer } from "../support/start-server.ts";
import { launchBrowser, newWatchedPage } from "./browser.ts";

// The other browser tests run on the tests' own booking pages (tests/fixtures/test-seed.ts);
// this one runs `npm start`'s server as the README's quick start does, on the demo seed
// (shared/spec/demo-data.md), and opens every demo page and the place chooser.
let browser: Browser;
let demo: StartedServer;
beforeAll(async () => {
  [browser, demo] = await Promise.all([launchBrowser(), startServer({ SEED_FILE: "" })]);
});
afterAll(async () => {
  demo?.stop();
  await browser?.close();
});

const demoProviders = JSON.parse(readFileSync(DEMO_PROVIDERS_FILE, "utf8")) as ParsedFixture;
const pages = demoProviders.companies.flatMap((company) => company.providers);

describe("the demo seed as npm start serves it", () => {
  it("every demo page shows its provider's services", async () => {
    expect(pages.map((page) => page.bookingLink)).toEqual(["demo-salon", "demo-clinic", "demo-frisor", "demo-spa"]);
    for (const provider of pages) {
      const { page, errors } = await newWatchedPage(browser);
      await page.goto(`${demo.url}/${provider.bookingLink}`);
      const first = provider.categories?.[0]?.services[0];
      expect(first, provider.bookingLink).toBeDefined();
      await page.getByRole("button", { name: first!.title, exact: true }).waitFor();
      await expect(page.getByText(provider.companyName).first().isVisible(), provider.bookingLink).resolves.toBe(true);
      expect(errors, provider.bookingLink).toEqual([]);
      await page.context().close();
    }
  });

  it("the place chooser lists the demo company's pages", async () => {
    const { page, errors } = await newWatchedPage(browser);
    await page.goto(`${demo.url}/velg/demo`);
    for (const provider of pages) {
      // "Choose Demo Salon" in the visitor's language (Norwegian by default).
      await page.getByRole("button", { name: new RegExp(` ${provider.companyName}$`) }).waitFor();
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the demo pages use the scheduling rules: a class with its places, a series to repeat, the therapists' lunch", async () => {
    const { page, errors } = await newWatchedPage(browser);
    await page.goto(`${demo.url}/demo-spa`);
    await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
    await page.getByRole("button", { name: "Yoga en grupo" }).click();
    await page.getByRole("button", { name: "Continue (1)" }).click();
    await page.getByRole("button", { name: /Diego/ }).click();
    await page
      .getByRole("button", { name: /^\d{1,2}:\d{2}( [AP]M)? \d+ of 6 places left$/ })
      .first()
      .waitFor();
    await page.goto(`${demo.url}/demo-clinic`);
    await page.getByRole("button", { name: "Physiotherapy" }).click();
    await page.getByRole("checkbox", { name: "Repeat this appointment" }).waitFor();
    const clinicHours = await page
      .getByRole("region", { name: /^Available times / })
      .getByRole("button")
      .allTextContents();
    expect(clinicHours.some((time) => /^12:(00|15|30)$/.test(time))).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
