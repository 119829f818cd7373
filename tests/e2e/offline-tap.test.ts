import { describe, expect, it } from "vitest";
import { widgetTookOver } from "../bench/mobile-page.ts";
import { baseUrl } from "./base-url.ts";
import { holdRequests, laterChunkArrived, launchBrowser, newWatchedPage } from "./browser.ts";

// Issue 31, bad networks: what a tap starts ahead (the next steps' calls) may fail; the
// visitor who taps offline is told so by the step, with a retry, never a spinner forever.
describe("offline at a tap", () => {
  it("the step says the booking service cannot be reached and offers a retry; back online it shows its answer", async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = await newWatchedPage(browser);
      const later = laterChunkArrived(page);
      await page.goto(`${baseUrl()}/demo-salon`);
      await page.waitForFunction(widgetTookOver);
      // The later screens' code has come (fetched once the first screen is idle).
      await later;
      await page.context().setOffline(true);
      await page.getByRole("button", { name: "Men's haircut", exact: true }).click();
      await page.getByRole("button", { name: "Continue (1)" }).click();
      const alert = page
        .getByRole("alert")
        .filter({ hasText: "We could not reach the booking service. Check your connection and try again." });
      await page.getByRole("heading", { level: 2, name: "Select staff" }).waitFor();
      await alert.waitFor();
      expect(await page.getByRole("button", { name: /Any staff member/ }).count()).toBe(0);
      // Trying again while still offline says so again: no spinner that never ends.
      // (Its request has failed before the network comes back: one still under way then
      // would take SWR's reconnect revalidation with it, and the step would wait for a tap.)
      const retried = page.waitForEvent("requestfailed", (request) => request.url().includes("/StaffMember/"));
      await alert.getByRole("button", { name: "Try again" }).click();
      await retried;
      await alert.getByRole("button", { name: "Try again" }).waitFor();
      // Back online, the step asks again by itself and shows the staff.
      await page.context().setOffline(false);
      await page.getByRole("button", { name: /Any staff member/ }).waitFor();
      // The step's own failed calls are reported (and the browser logs its network errors);
      // the calls the tap started ahead failed silently: their failure cost nothing.
      const reported = errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(error));
      expect(reported.length).toBeGreaterThan(0);
      expect(reported.filter((error) => !error.includes("(StaffMember/asAnonymous/1)"))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("a tap on a service with extras while their dialog's code is still on its way shows the row taken and busy at once, then the dialog", async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = await newWatchedPage(browser);
      const release = await holdRequests(page, /\/later-screens-[\w-]+\.js$/);
      await page.goto(`${baseUrl()}/demo-salon`);
      await page.waitForFunction(widgetTookOver);
      const row = page.getByRole("button", { name: "Women's haircut", exact: true });
      await row.click();
      expect(await row.getAttribute("aria-busy")).toBe("true");
      expect(await row.evaluate((button) => button.closest("li")!.classList.contains("bw-service--selected"))).toBe(true);
      release();
      await page.getByRole("dialog", { name: "Add extras to Women's haircut?" }).waitFor();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await expect.poll(() => row.getAttribute("aria-busy")).toBeNull();
      expect(await row.evaluate((button) => button.closest("li")!.classList.contains("bw-service--selected"))).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("before the later screens' code has come: the step says the service cannot be reached, and Try again back online shows it", async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = await newWatchedPage(browser);
      // The later chunk never arrives while the visitor is offline.
      const chunk = /\/later-screens-[\w-]+\.js$/;
      await page.route(chunk, (route) => route.abort("internetdisconnected"));
      await page.goto(`${baseUrl()}/demo-salon`);
      await page.waitForFunction(widgetTookOver);
      await page.context().setOffline(true);
      await page.getByRole("button", { name: "Men's haircut", exact: true }).click();
      await page.getByRole("button", { name: "Continue (1)" }).click();
      const alert = page
        .getByRole("alert")
        .filter({ hasText: "We could not reach the booking service. Check your connection and try again." });
      await page.getByRole("heading", { level: 2, name: "Select staff" }).waitFor();
      await alert.waitFor();
      expect(await page.getByText("Something went wrong in the booking widget").count()).toBe(0);
      // Still offline: told again.
      await alert.getByRole("button", { name: "Try again" }).click();
      await alert.getByRole("button", { name: "Try again" }).waitFor();
      // Back online, the try fetches the code and the step shows, with the service still chosen.
      await page.unroute(chunk);
      await page.context().setOffline(false);
      await alert.getByRole("button", { name: "Try again" }).click();
      await page.getByRole("heading", { level: 2, name: "Select staff" }).waitFor();
      await page.getByRole("button", { name: /Any staff member/ }).waitFor();
      expect(errors.filter((error) => /rendering failed/.test(error))).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("offline as the page comes: the services the page brought stay on screen under the message, and the next step says it too", async () => {
    const browser = await launchBrowser();
    try {
      const { page } = await newWatchedPage(browser);
      // The page's own data came with it; every question the widget asks again fails.
      await page.route(/\/api\//, (route) => route.abort("internetdisconnected"));
      const askedAgain = page.waitForEvent("requestfailed", (request) => request.url().includes("/api/Service/asAnonymous"));
      await page.goto(`${baseUrl()}/demo-salon`);
      await page.waitForFunction(widgetTookOver);
      await askedAgain;
      const unreachable = page
        .getByRole("alert")
        .filter({ hasText: "We could not reach the booking service. Check your connection and try again." });
      // Told, above the list it still shows.
      await page.getByRole("region", { name: "Select service" }).getByRole("alert").filter({ hasText: "could not reach" }).waitFor();
      await page.getByRole("button", { name: "Men's haircut", exact: true }).click();
      await page.getByRole("button", { name: "Continue (1)" }).click();
      await page.getByRole("heading", { level: 2, name: "Select staff" }).waitFor();
      await unreachable.waitFor();
    } finally {
      await browser.close();
    }
  });
});

// Issue 58, a shedding API: a read it turns away is asked again after its Retry-After
// (twice at most), then the step says the service is busy, with Try again.
describe("a busy API at a tap", () => {
  it("the hours shed (503 overloaded) are asked again, then said busy with Try again; Try again shows them", async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = await newWatchedPage(browser);
      const later = laterChunkArrived(page);
      await page.goto(`${baseUrl()}/demo-salon`);
      await page.waitForFunction(widgetTookOver);
      await later;
      // The day's hours (not the month): shed, as the API's load shedding answers, with no wait to keep the test quick.
      const hours = /\/api\/Appointment\/availableHours$/;
      let shed = 0;
      await page.route(hours, (route) => {
        shed += 1;
        return route.fulfill({
          status: 503,
          headers: { "Retry-After": "0" },
          contentType: "application/json",
          body: JSON.stringify({ message: "The booking service is busy. Please try again in a moment.", code: "overloaded" }),
        });
      });
      await page.getByRole("button", { name: "Men's haircut", exact: true }).click();
      await page.getByRole("button", { name: "Continue (1)" }).click();
      await page.getByRole("button", { name: /Any staff member/ }).click();
      const busy = page.getByRole("alert").filter({ hasText: "The booking service is busy. Please try again in a moment." });
      await busy.waitFor();
      // Three asks for each of the tap's prefetch and the step's own at most, never a blank step.
      expect(shed % 3).toBe(0);
      expect(shed).toBeLessThanOrEqual(6);
      await page.unroute(hours);
      await busy.getByRole("button", { name: "Try again" }).click();
      await page
        .getByRole("region", { name: /^(Available times|Hours on) / })
        .getByRole("button", { name: /^\d{1,2}:\d{2} [AP]M$/ })
        .first()
        .waitFor();
      expect(await busy.count()).toBe(0);
      // Only the shed calls were told (the widget's report, and the browser's line for each 503).
      expect(errors.filter((error) => !/503|Appointment\/availableHours/.test(error))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
