import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { widgetTookOver } from "../bench/mobile-page.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { launchBrowser, newWatchedPage } from "./browser.ts";
import { baseUrl } from "./base-url.ts";
import { serveProviderSite } from "./provider-site.ts";

const base = baseUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("standalone host page", () => {
  it("shows the salon's services inside the element's shadow root", async () => {
    const { page, errors } = await newWatchedPage(browser);
    await page.goto(`${base}/demo-salon`);
    await page.getByRole("button", { name: "Women's haircut" }).waitFor();
    // The row may still be the server's painted copy (its own <style>): read the widget's.
    await page.waitForFunction(widgetTookOver);
    const where = await page.locator("booking-widget").evaluate((element) => ({
      inShadow: element.shadowRoot?.textContent?.includes("Women's haircut") ?? false,
      inLight: element.textContent?.includes("Women's haircut") ?? false,
      adopted: element.shadowRoot?.adoptedStyleSheets.length ?? 0,
      styleTags: element.shadowRoot?.querySelectorAll("style").length ?? -1,
    }));
    expect(where).toEqual({ inShadow: true, inLight: false, adopted: 1, styleTags: 0 });
    await expect(page.getByRole("heading", { level: 2, name: "Select service" }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("shows /demo-frisor in Norwegian", async () => {
    const { page, errors } = await newWatchedPage(browser);
    await page.goto(`${base}/demo-frisor`);
    await page.getByRole("button", { name: "Dameklipp" }).waitFor();
    await expect(page.getByRole("heading", { level: 2, name: "Velg tjeneste" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("650 kr").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("navigation", { name: "Bestillingssteg" }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("hides the footer with the iframe option", async () => {
    const { page } = await newWatchedPage(browser);
    const footer = page.getByText(`© ${TEST_NOW.getFullYear()} Demo Physio Clinic`);
    await page.goto(`${base}/demo-clinic`);
    await page.getByRole("button", { name: "Physiotherapy" }).waitFor();
    await expect(footer.count()).resolves.toBe(1);
    await page.goto(`${base}/demo-clinic/iframe`);
    await page.getByRole("button", { name: "Physiotherapy" }).waitFor();
    await expect(footer.count()).resolves.toBe(0);
    await page.context().close();
  });

  it("says clearly that an unknown company does not exist", async () => {
    const { page } = await newWatchedPage(browser);
    await page.goto(`${base}/no-such-salon`);
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Vi fant ikke bookingsiden «no-such-salon»");
    await page.context().close();
  });

  it("sanitizes the provider's information box in a real browser", async () => {
    const { page } = await newWatchedPage(browser);
    await page.route("**/api/User/ByUser/demo-salon", async (route) => {
      const response = await route.fetch();
      const provider = await response.json();
      provider.informationBoxText =
        '<b>Welcome</b><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><a href="javascript:alert(1)">x</a>';
      await route.fulfill({ response, json: provider });
    });
    await page.goto(`${base}/demo-salon`);
    const box = page.getByRole("complementary", { name: "Information" });
    // The page's data island shows the stored text first; the API's answer (this hostile one) replaces it.
    await box.locator("b", { hasText: /^Welcome$/ }).waitFor();
    const html = await box.innerHTML();
    expect(html).toContain("<b>Welcome</b>");
    expect(html).not.toMatch(/onerror|<script|javascript:/);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.context().close();
  });
});

describe("embedded on a provider's own site", () => {
  it("reaches the API on the script's origin and keeps two widgets apart", async () => {
    const { page, errors } = await newWatchedPage(browser);
    // A provider's own site: another origin (its own port) pasting the script tag twice.
    const providerSite = await serveProviderSite(`<!doctype html><html><body>
          <style>button { background: red !important; } h1 { display: none; }</style>
          <booking-widget id="a" company="demo-salon"></booking-widget>
          <booking-widget id="b" company="demo-frisor"></booking-widget>
          <script type="module" src="${base}/widget/booking-widget.js"></script>
          <script type="module" src="${base}/widget/booking-widget.js?again"></script>
        </body></html>`);
    await page.goto(providerSite.url);
    const salon = page.locator("#a");
    const frisor = page.locator("#b");
    await salon.getByRole("button", { name: "Women's haircut" }).waitFor();
    await frisor.getByRole("button", { name: "Dameklipp" }).waitFor();
    // Each widget speaks its provider's language at the same time: no shared i18n.
    await expect(salon.getByRole("heading", { level: 2, name: "Select service" }).isVisible()).resolves.toBe(true);
    await expect(frisor.getByRole("heading", { level: 2, name: "Velg tjeneste" }).isVisible()).resolves.toBe(true);
    // Switching one widget's language leaves the other alone.
    await frisor.getByRole("combobox", { name: "Språk" }).selectOption("es");
    await frisor.getByRole("heading", { level: 2, name: "Elige el servicio" }).waitFor();
    await expect(salon.getByRole("heading", { level: 2, name: "Select service" }).isVisible()).resolves.toBe(true);
    // The host page's styles do not reach into the shadow roots.
    await expect(salon.getByRole("heading", { level: 1, name: "Demo Salon" }).isVisible()).resolves.toBe(true);
    const background = await salon.getByRole("button", { name: "Women's haircut" }).evaluate((b) => getComputedStyle(b).backgroundColor);
    expect(background).not.toBe("rgb(255, 0, 0)");
    expect(errors).toEqual([]);
    await page.context().close();
    providerSite.close();
  });

  it("a provider's global rules never change the widget's look, and its --bw-* theming still does", async () => {
    /** The widget on a provider page with `css`, as a picture once its services show, and its first service button's colours and font. */
    const widgetOn = async (css: string) => {
      const site = await serveProviderSite(`<!doctype html><html><head><style>${css}</style></head><body>
          <booking-widget company="demo-salon"></booking-widget>
          <script type="module" src="${base}/widget/booking-widget.js"></script>
        </body></html>`);
      const { page, errors } = await newWatchedPage(browser);
      try {
        await page.setViewportSize({ width: 800, height: 900 });
        await page.goto(site.url);
        const widget = page.locator("booking-widget");
        const service = widget.getByRole("button", { name: "Women's haircut" });
        await service.waitFor();
        // The widget's own render (the loader's painted copy, if it came first, is gone).
        await page.waitForFunction(widgetTookOver);
        // The information box's text comes with the sanitizer, a chunk of its own: in the picture too.
        await widget.getByRole("link", { name: "salon policies" }).waitFor();
        const look = await service.evaluate((button) => {
          const style = getComputedStyle(button);
          const heading = (button.getRootNode() as ShadowRoot).querySelector("h1")!;
          return {
            color: style.color,
            font: style.fontFamily,
            cursor: style.cursor,
            pointerEvents: style.pointerEvents,
            headingColor: getComputedStyle(heading).color,
          };
        });
        const picture = await widget.screenshot({ animations: "disabled", caret: "hide" });
        expect(errors).toEqual([]);
        return { look, picture };
      } finally {
        await page.context().close();
        site.close();
      }
    };
    // What a page's global rules can hand down by inheritance. (A decoration set on an ancestor
    // of the element, e.g. * { text-decoration: underline }, is propagated, not inherited: it
    // still draws under the widget's text: docs/embedding.md's Themes says so.)
    const hostile = [
      "* { color: red !important; font-family: serif !important; line-height: 3 !important; letter-spacing: 2px !important;",
      "font-style: italic !important; font-variant: small-caps !important; font-feature-settings: 'smcp' !important;",
      "text-shadow: 2px 2px red !important; text-indent: 30px !important; word-spacing: 12px !important;",
      "-webkit-text-stroke: 1px red !important; direction: rtl !important;",
      "text-transform: uppercase !important; font-weight: 900 !important; cursor: wait !important; pointer-events: none !important }",
    ].join(" ");
    const plain = await widgetOn("");
    const attacked = await widgetOn(hostile);
    expect(attacked.look).toEqual(plain.look);
    expect(attacked.look.color).not.toBe("rgb(255, 0, 0)");
    expect(attacked.look.font).not.toBe("serif");
    expect(attacked.picture.equals(plain.picture)).toBe(true);
    // The provider's own theme still reaches in, hostile rules or not.
    const themed = await widgetOn(`${hostile} booking-widget { --bw-color-text: rgb(0, 100, 0); --bw-font: monospace; }`);
    expect(themed.look.headingColor).toBe("rgb(0, 100, 0)");
    expect(themed.look.font).toBe("monospace");
  });
});
