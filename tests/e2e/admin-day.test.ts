import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adminStandIn, PASSWORD, TODAY } from "../component/admin/admin-stand-in.ts";
import { axeViolations } from "./accessibility-scan.ts";
import { usePages } from "./booking-support.ts";

// The built back office's day in Chromium, its admin API answered by the contract-shaped
// stand-in (tests/component/admin/admin-stand-in.ts) through the page's own requests: axe in
// the visitor's dark theme. The keyboard, a drag, a Read-only role and the light theme's
// tour run against the real API (admin-real-day, admin-back-office).

const open = usePages();

/** Answers the page's admin calls (and the services list) from a stand-in; the rest goes to the server. */
async function standIn(page: Page, options: Parameters<typeof adminStandIn>[0] = {}) {
  const api = adminStandIn(options);
  await page.route(/\/api\/(admin\/|Service\/asAnonymous)/, async (route) => {
    const request = route.request();
    const answer = await api.fetch(request.url(), {
      method: request.method(),
      headers: request.headers(),
      body: request.postData() ?? undefined,
    });
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
  await page.reload();
  return api;
}

const dateWords = new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
  new Date(`${TODAY}T00:00:00Z`),
);
const cell = (page: Page, name: string) => page.getByRole("gridcell", { name, exact: true });

async function signIn(page: Page) {
  await page.getByRole("textbox", { name: "E-mail" }).fill("owner@example.com");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("grid").waitFor();
}

describe("the back office's day in the browser", () => {
  it("is axe-clean in the visitor's dark theme too: the day and an appointment's panel", async () => {
    const { page } = await open("/demo-salon/admin");
    await page.emulateMedia({ colorScheme: "dark" });
    await standIn(page);
    await signIn(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(18, 18, 18)");
    const found = [...(await axeViolations(page))];
    await cell(page, `Ada, ${dateWords}, 10:00: Kari Nordmann, booked`).click();
    await page.getByRole("dialog").getByText("41234567 · kari@example.com").waitFor();
    found.push(...(await axeViolations(page)));
    expect(found).toEqual([]);
    await page.context().close();
  });
});
