import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { baseUrl } from "./base-url.ts";
import { accessibilityTours } from "./accessibility-scan.ts";
import { usePages } from "./booking-support.ts";
import { launchBrowser, newWatchedPage } from "./browser.ts";

// The back office (demo/admin, issue 59) as the demo serves it: its own app at
// /{bookingLink}/admin, in the browser's language, axe-clean at 1280 and 360 px, under a
// strict CSP, with the widget's pages as they were.

const open = usePages();
const tour = accessibilityTours(open);
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const inLanguage = async (locale: string, path = "/demo-salon/admin") => {
  const { page, errors } = await newWatchedPage(browser, { locale });
  await page.goto(`${baseUrl()}${path}`);
  return { page, errors };
};

describe("the back office at /{bookingLink}/admin", () => {
  it("shows the sign-in form, found by role and name, in the browser's language", async () => {
    const english = await inLanguage("en-US");
    const form = english.page.getByRole("region", { name: "Sign in" });
    await form.getByRole("textbox", { name: "E-mail" }).waitFor();
    await expect(form.getByRole("button", { name: "Sign in" }).isVisible()).resolves.toBe(true);
    expect(new URL(english.page.url()).pathname).toBe("/demo-salon/admin/sign-in");
    await english.page.context().close();

    const norwegian = await inLanguage("nb-NO");
    const skjema = norwegian.page.getByRole("region", { name: "Logg inn" });
    await skjema.getByRole("textbox", { name: "E-post" }).waitFor();
    await expect(skjema.getByLabel("Passord").isVisible()).resolves.toBe(true);
    expect(await norwegian.page.evaluate(() => document.documentElement.lang)).toBe("nb");
    // The app's own script and styles only: nothing the CSP refused, no error on the page but the missing session's 401/404.
    expect(norwegian.errors.filter((error) => !/\/api\/admin\/session/.test(error))).toEqual([]);
    await norwegian.page.context().close();
  });

  it("is served as one shell under a strict CSP, never framed, its files kept a year", async () => {
    const shell = await fetch(`${baseUrl()}/demo-salon/admin/invitation`);
    expect(shell.status).toBe(200);
    const csp = shell.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(shell.headers.get("x-frame-options")).toBe("DENY");
    const script = /src="(\/_admin\/assets\/[^"]+\.js)"/.exec(await shell.text())![1]!;
    const asset = await fetch(`${baseUrl()}${script}`);
    expect(asset.headers.get("cache-control")).toContain("immutable");
  });

  it("leaves the widget's pages as they were", async () => {
    const page = await (await fetch(`${baseUrl()}/demo-salon`)).text();
    expect(page).toContain("<booking-widget");
    expect(page).not.toContain("/_admin/");
  });

  tour("sign-in, a refused sign-in, forgot password, invitation", "/demo-salon/admin", async (page, check) => {
    await page.getByRole("textbox", { name: "E-mail" }).waitFor();
    await check("sign-in");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Write an e-mail address, such as name@example.com.").waitFor();
    await check("sign-in refused by its rules");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await check("password reset");
    await page.goto(`${baseUrl()}/demo-salon/admin/invitation#an-invitation-token-of-the-right-length`);
    await page.getByRole("heading", { name: "Accept the invitation" }).waitFor();
    await check("invitation");
  });
});
