import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./accessibility-scan.ts";
import { baseUrl } from "./base-url.ts";
import { launchBrowser, newWatchedPage } from "./browser.ts";
import { serveProviderSite } from "./provider-site.ts";

// Issue 33: a provider goes from the booking link to a working, themed widget on their own
// strict-CSP page with the embed builder (/{bookingLink}/embed) alone.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function openBuilder(bookingLink: string, width = 1280) {
  const opened = await newWatchedPage(browser, { viewport: { width, height: 900 } });
  await opened.page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  await opened.page.goto(`${baseUrl()}/${bookingLink}/embed`);
  await opened.page.getByRole("heading", { level: 1, name: /^Embed the booking widget/ }).waitFor();
  return opened;
}

/** The provider's page of another origin: the builder's HTML, its CSS as the site's own stylesheet, a CSP made of the builder's sources. */
async function providerPage(html: string, css: string | null, cspSources: string[]) {
  const sources = Object.fromEntries(cspSources.map((line) => [line.split(" ")[0]!, line.split(" ").slice(1).join(" ")]));
  const policy = [
    "default-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `script-src 'self' ${sources["script-src"] ?? ""}`,
    `connect-src 'self' ${sources["connect-src"] ?? ""}`,
    `frame-src ${sources["frame-src"] ?? "'none'"}`,
  ].join("; ");
  return serveProviderSite(
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><link rel="stylesheet" href="/site.css"></head>
      <body><h1>A provider's own site</h1>${html}</body></html>`,
    { "Content-Security-Policy": policy },
    { "/site.css": { type: "text/css", body: css ?? "" } },
  );
}

const copied = async (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true }).inputValue();

/** What the page's console said about its CSP. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

describe("the embed builder", () => {
  it("builds a snippet with a theme, a colour, a fixed language and a pre-selected service that works on a strict-CSP page of another origin", async () => {
    const { page, errors } = await openBuilder("demo-salon");
    expect(await axeViolations(page)).toEqual([]);
    const options = page.getByRole("form", { name: "Options" });
    await options.getByLabel("Widget language").selectOption("en");
    await options.getByRole("radio", { name: "Dark" }).check();
    // A pale text colour on the dark theme's main colour fails AA: named, and not taken into the snippet.
    await options.getByLabel("Dark: Text on the main colour", { exact: true }).fill("#8899aa");
    await expect.poll(() => options.getByText(/text on a main-colour button: \d\.\d\d:1/).count()).toBe(1);
    await options.getByLabel("Dark: Text on the main colour", { exact: true }).fill("#0b1220");
    await options.getByLabel("Dark: Main colour", { exact: true }).fill("#d7a6e6");
    await options.getByRole("checkbox", { name: "Men's haircut", exact: true }).check();
    // The live preview: the real widget, in English, starting after the service, saying it is a preview.
    const preview = page.locator(".eb-preview booking-widget");
    await preview.getByText("Preview: nothing is booked, no code is sent and no time is held.").waitFor();
    await preview.getByRole("heading", { level: 2, name: "Select staff" }).waitFor();
    // What the provider's page would hear, listed beside it.
    await page
      .getByRole("log", { name: "Events the preview sent" })
      .getByText(/^bw-ready /)
      .waitFor();

    await page.getByRole("button", { name: "Copy HTML" }).click();
    await page.getByRole("status").filter({ hasText: "HTML copied." }).waitFor();
    const html = await copied(page, "HTML");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);
    expect(html).toContain('<booking-widget company="demo-salon" lang="en" theme="dark" service="');
    const css = await copied(page, "CSS");
    expect(css).toContain("--bw-color-primary: #d7a6e6;");
    expect(css).not.toContain("#8899aa");
    await page.getByRole("tab", { name: "Content Security Policy" }).click();
    const csp = (await copied(page, "CSP sources")).split("\n");
    expect(errors).toEqual([]);

    const site = await providerPage(html, css, csp);
    const { page: visitor, errors: visitorErrors } = await newWatchedPage(browser, { viewport: { width: 360, height: 740 } });
    const violations = cspViolations(visitor);
    try {
      await visitor.goto(site.url);
      const widget = visitor.locator("booking-widget");
      await widget.getByRole("heading", { level: 2, name: "Select staff" }).waitFor();
      expect(await widget.getAttribute("theme")).toBe("dark");
      const primary = await widget.evaluate((element) => getComputedStyle(element).getPropertyValue("--bw-color-primary").trim());
      expect(primary).toBe("#d7a6e6");
      // The colour is drawn: the current step's number in the stepper is the main colour.
      const drawn = await widget.evaluate(
        (element) => getComputedStyle(element.shadowRoot!.querySelector('[aria-current="step"] .bw-stepper__number')!).backgroundColor,
      );
      expect(drawn).toBe("rgb(215, 166, 230)");
      expect(violations).toEqual([]);
      expect(visitorErrors).toEqual([]);
    } finally {
      await visitor.context().close();
      site.close();
      await page.context().close();
    }
  });

  it("the default snippet's preload is the one request for the painted first screen, on a strict-CSP page of another origin", async () => {
    const { page } = await openBuilder("demo-salon");
    const html = await copied(page, "HTML");
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="');
    await page.getByRole("tab", { name: "Content Security Policy" }).click();
    const site = await providerPage(html, null, (await copied(page, "CSP sources")).split("\n"));
    const { page: visitor, errors } = await newWatchedPage(browser, { viewport: { width: 360, height: 740 } });
    const violations = cspViolations(visitor);
    const asked: string[] = [];
    visitor.on("request", (request) => {
      if (request.url().includes("/first-screen/")) asked.push(request.url());
    });
    try {
      await visitor.goto(site.url);
      const widget = visitor.locator("booking-widget");
      await widget.getByRole("button", { name: "Women's haircut" }).waitFor();
      // The widget's own list in the end, with the painted copy having come from the preload alone.
      await visitor.waitForFunction(() => customElements.get("booking-widget") !== undefined);
      await widget.getByRole("heading", { level: 2, name: "Select service" }).waitFor();
      expect(asked).toEqual([`${baseUrl()}/widget/first-screen/demo-salon`]);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await visitor.context().close();
      site.close();
      await page.context().close();
    }
  });

  it("the iframe variant sizes its frame on the provider's page, with no inline script", async () => {
    const { page } = await openBuilder("demo-salon");
    await page.getByRole("radio", { name: /^An iframe that sizes itself/ }).check();
    const html = await copied(page, "HTML");
    expect(html).toContain("/widget/frame-height.js");
    await page.getByRole("tab", { name: "Content Security Policy" }).click();
    const site = await providerPage(html, null, (await copied(page, "CSP sources")).split("\n"));
    const { page: visitor } = await newWatchedPage(browser);
    const violations = cspViolations(visitor);
    try {
      await visitor.goto(site.url);
      const frame = visitor.frameLocator("iframe[data-booking-widget-frame]");
      await frame.getByRole("button", { name: /^Men's haircut/ }).waitFor();
      const height = async () => (await visitor.locator("iframe").boundingBox())!.height;
      const content = async () => (await visitor.frames()[1]!.evaluate("document.documentElement.scrollHeight")) as number;
      // 720 is the snippet's height before the page inside has said its own.
      await expect.poll(async () => Math.abs((await height()) - (await content()))).toBeLessThanOrEqual(1);
      expect(await height()).not.toBe(720);
      expect(violations).toEqual([]);
    } finally {
      await visitor.context().close();
      site.close();
      await page.context().close();
    }
  });

  it("previews without writing: choosing a time in the preview sends no write request to the API", async () => {
    const { page, errors } = await openBuilder("demo-clinic");
    const writes: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      const publicRead =
        /\/(Appointment\/availableHours(\/month)?|appointment\/availableHours\/cache|Appointment\/firstAvailableHourDay)$/.test(
          url.pathname,
        );
      if (url.pathname.startsWith("/api/") && request.method() !== "GET" && !publicRead) writes.push(`${request.method()} ${url.pathname}`);
    });
    const preview = page.locator(".eb-preview booking-widget");
    // Phone and desktop width, a toggle.
    await preview.getByRole("button", { name: /^Physiotherapy/ }).waitFor();
    expect((await preview.boundingBox())!.width).toBeGreaterThan(600);
    await page.getByRole("radio", { name: "Phone (360 px)" }).check();
    await expect.poll(async () => (await preview.boundingBox())!.width).toBeLessThanOrEqual(360);
    await preview.getByRole("button", { name: /^Physiotherapy/ }).click();
    const hours = preview.getByRole("region", { name: /^Available times / });
    await hours
      .getByRole("button", { name: /^\d{2}:\d{2}$/ })
      .first()
      .click();
    // On to the form: the time was "held" in the page, not on the server.
    await preview.getByRole("form", { name: "Your information" }).waitFor();
    expect(writes).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("works by keyboard alone: options, the tabs with arrow keys, and a copy that is said", async () => {
    const { page } = await openBuilder("demo-clinic");
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "");
    // The first control is the view's first radio; arrow keys choose within the group.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("booking");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: /^My Page/ }).isChecked()).toBe(true);
    expect(await page.getByRole("textbox", { name: "HTML", exact: true }).inputValue()).toContain('view="my-page"');
    // To the tabs: the selected one is the only stop; the arrows move, Home goes back.
    const snippetTab = page.getByRole("tab", { name: "Snippet" });
    await snippetTab.focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { name: "Content Security Policy" }).getAttribute("aria-selected")).toBe("true");
    expect(await focused()).toBe("Content Security Policy");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(await page.getByRole("tab", { name: "Snippet" }).getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("End");
    expect(await page.getByRole("tab", { name: "Events" }).getAttribute("aria-selected")).toBe("true");
    // Into the panel: the events to hear, then the listener, and its copy button by Enter.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    expect(await page.getByRole("checkbox", { name: "bw-ready" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Copy Events listener" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Events listener copied." }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('widget.addEventListener("bw-ready"');
    await page.context().close();
  });

  it("previews the iframe variant in its own frame; a link with ?preview= does not make the booking page a preview", async () => {
    const { page } = await openBuilder("demo-salon");
    await page.getByRole("radio", { name: /^An iframe that sizes itself/ }).check();
    const framed = page.frameLocator(".eb-preview iframe");
    await framed.getByText("Preview: nothing is booked, no code is sent and no time is held.").waitFor();
    // The same address opened by a visitor (a link someone sent): a real booking page.
    await page.goto(`${baseUrl()}/demo-salon/iframe?preview=&lang=en`);
    await page.locator("booking-widget").getByRole("heading", { level: 2, name: "Select service" }).waitFor();
    expect(await page.locator("booking-widget").getAttribute("preview")).toBeNull();
    expect(
      await page
        .locator("booking-widget")
        .getByText(/^Preview:/)
        .count(),
    ).toBe(0);
    await page.context().close();
  });

  it("is clean for axe at 1280 and 360 px in every state: a contrast problem, each tab, the chooser, the iframe variant; an unknown booking link is said", async () => {
    for (const width of [1280, 360]) {
      const { page } = await openBuilder("demo-spa", width);
      const found: string[] = [];
      const scan = async (state: string) =>
        found.push(...(await axeViolations(page)).map((violation) => `${width} px, ${state}: ${violation}`));
      // demo-spa speaks Spanish.
      await page
        .locator(".eb-preview booking-widget")
        .getByText(/^Vista previa:/)
        .waitFor();
      await scan("first view");
      const options = page.getByRole("form", { name: "Options" });
      await options.getByLabel("Light: Background", { exact: true }).fill("#000000");
      await options.getByText(/^text on the background: /).waitFor();
      await scan("a contrast problem");
      for (const tab of ["Content Security Policy", "Events"]) {
        await page.getByRole("tab", { name: tab }).click();
        await scan(`the ${tab} tab`);
      }
      await options.getByRole("radio", { name: /^Place chooser/ }).check();
      await scan("the chooser without its company id");
      await options.getByRole("radio", { name: /^Booking/ }).check();
      await options.getByRole("radio", { name: /^An iframe that sizes itself/ }).check();
      await page
        .frameLocator(".eb-preview iframe")
        .getByText(/^Vista previa:/)
        .waitFor();
      await scan("the iframe variant");
      expect(found).toEqual([]);
      await page.context().close();
    }
    const { page } = await openBuilder("demo-spa");
    await page.goto(`${baseUrl()}/no-such-page/embed`);
    await page.getByRole("alert").filter({ hasText: "There is no booking page named “no-such-page”" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
