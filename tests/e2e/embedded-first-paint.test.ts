import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { widgetTookOver } from "../bench/mobile-page.ts";
import { baseUrl } from "./base-url.ts";
import { holdRequests, launchBrowser, newWatchedPage } from "./browser.ts";
import { serveProviderSite } from "./provider-site.ts";
import type { Browser, Page } from "playwright-core";

// Issue 31: on a provider's own site the script tag's loader (src/element/loader.ts) asks
// for the first screen's painted copy beside the widget's own script and shows it as soon
// as it arrives; the widget takes over as on a standalone page.

/** A provider's page on another origin, under a strict CSP that allows our origin for scripts and calls only (calls also to `connect`; and `more`). */
function strictProviderPage(body: string, more = "", connect = "") {
  const api = baseUrl();
  return serveProviderSite(
    `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body>
      <h1>A provider's own site</h1>${body}
      <script type="module" async src="${api}/widget/booking-widget.js"></script></body></html>`,
    {
      "Content-Security-Policy": `default-src 'self'; script-src 'self' ${api}; connect-src ${api}${connect ? ` ${connect}` : ""}; style-src 'self'; img-src 'self' data:${more}`,
    },
  );
}

const WIDGET_SCRIPT = /\/widget\/chunks\/element-[A-Z0-9]+\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/**
 * Opens a provider's page (another origin, the strict CSP and `moreCsp`) holding `body`
 * in a watched page that also records CSP violations and the requests it makes, hands
 * them to `visit`, then closes both.
 */
async function onProviderPage(
  { body, moreCsp = "", connect = "" }: { body: string; moreCsp?: string; connect?: string },
  visit: (opened: { page: Page; errors: string[]; asked: string[]; url: string }) => Promise<void>,
): Promise<void> {
  const site = await strictProviderPage(body, moreCsp, connect);
  const { page, errors, asked } = await watchedPage();
  try {
    await visit({ page, errors, asked, url: site.url });
  } finally {
    await page.context().close();
    site.close();
  }
}

/** A watched page that also records CSP violations and the requests it makes. */
async function watchedPage() {
  const { page, errors } = await newWatchedPage(browser);
  const asked: string[] = [];
  page.on("request", (request) => asked.push(request.url()));
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return { page, errors, asked };
}

/**
 * Opens `url` with the widget's own script held back, runs `whilePainted` on what the
 * loader alone shows, checks the widget is not defined yet, then lets its script come
 * and waits until it has taken over.
 */
async function paintedThenTakenOver(page: Page, url: string, whilePainted: () => Promise<void>) {
  const release = await holdRequests(page, WIDGET_SCRIPT);
  await page.goto(url, { waitUntil: "commit" });
  await whilePainted();
  expect(await page.evaluate(() => customElements.get("booking-widget"))).toBeUndefined();
  release();
  await page.waitForFunction(widgetTookOver);
}

describe("the embedded widget's painted first screen", () => {
  it("shows the services before the widget's own script has arrived, under a strict CSP, and the widget answers a tap made on them", async () => {
    await onProviderPage({ body: `<booking-widget company="demo-salon"></booking-widget>` }, async ({ page, errors, asked, url }) => {
      await paintedThenTakenOver(page, url, async () => {
        const row = page.getByRole("button", { name: "Women's haircut" });
        await row.waitFor();
        // Painted by the loader: no API call was made.
        expect(asked.filter((address) => address.includes("/api/"))).toEqual([]);
        expect(asked.filter((address) => address.includes("/widget/first-screen/demo-salon"))).toHaveLength(1);
        // Its information box too, as the server cleaned it (issue 43).
        await page.getByRole("complementary", { name: "Information" }).getByRole("link", { name: "salon policies" }).waitFor();
        // The painted copy is styled by the widget's stylesheet (a button, not a bare one).
        expect(await row.evaluate((button) => getComputedStyle(button).cursor)).not.toBe("auto");
        // The tap shows in the next frame, before the widget has come: the row looks chosen (issue 43).
        const look = () => row.evaluate((button) => getComputedStyle(button.closest("li")!).backgroundColor);
        const before = await look();
        await row.click();
        await expect.poll(look).not.toBe(before);
      });
      const extras = page.getByRole("dialog", { name: "Add extras to Women's haircut?" });
      await extras.waitFor();
      await extras.getByRole("button", { name: "Cancel" }).click();
      expect(errors).toEqual([]);
    });
  });

  it("opens a painted service's extras dialog at the tap, before the widget has come; the widget's own takes over its ticks and focus", async () => {
    await onProviderPage({ body: `<booking-widget company="demo-salon"></booking-widget>` }, async ({ page, errors, url }) => {
      const extras = page.getByRole("dialog", { name: "Add extras to Women's haircut?" });
      await paintedThenTakenOver(page, url, async () => {
        await page.getByRole("button", { name: "Women's haircut" }).click();
        // The server's painted dialog, shown by the loader alone (the widget's script is held back), styled as the widget's.
        await extras.waitFor();
        expect(await extras.evaluate((dialog) => getComputedStyle(dialog).borderRadius)).toBe("10px");
        await extras.getByRole("checkbox", { name: /Wash and blow-dry/ }).check();
      });
      // The widget's own dialog, alone in the element, open with the same tick and focus: no painted copy left.
      await expect
        .poll(() => page.locator("booking-widget").evaluate((host) => host.shadowRoot!.querySelectorAll("dialog").length))
        .toBe(1);
      expect(await extras.evaluate((dialog) => (dialog as HTMLDialogElement).open && dialog.closest(".bw-painted") === null)).toBe(true);
      expect(await extras.getByRole("checkbox", { name: /Wash and blow-dry/ }).isChecked()).toBe(true);
      expect(await extras.getByRole("checkbox", { name: /Deep conditioning/ }).isChecked()).toBe(false);
      expect(
        await page.locator("booking-widget").evaluate((host) => host.shadowRoot!.activeElement?.closest("label")?.textContent ?? ""),
      ).toMatch(/Wash and blow-dry/);
      await extras.getByRole("button", { name: "Choose" }).click();
      await page
        .getByRole("complementary", { name: "Selected services" })
        .getByText(/Wash and blow-dry/)
        .waitFor();
      expect(errors).toEqual([]);
    });
  });

  it("goes on from a painted extras dialog closed before the widget came: Choose with its ticks, or Escape as Cancel", async () => {
    const body = `<booking-widget company="demo-salon"></booking-widget>`;
    await onProviderPage({ body }, async ({ page, errors, url }) => {
      const extras = page.getByRole("dialog", { name: "Add extras to Women's haircut?" });
      await paintedThenTakenOver(page, url, async () => {
        await page.getByRole("button", { name: "Women's haircut" }).click();
        await extras.getByRole("checkbox", { name: /Deep conditioning/ }).check();
        await extras.getByRole("button", { name: "Choose" }).click();
        await extras.waitFor({ state: "hidden" });
      });
      const selected = page.getByRole("complementary", { name: "Selected services" });
      await selected.getByText(/Deep conditioning/).waitFor();
      expect(await selected.getByText(/Wash and blow-dry/).count()).toBe(0);
      expect(await extras.count()).toBe(0);
      expect(errors).toEqual([]);
    });
    await onProviderPage({ body }, async ({ page, errors, url }) => {
      const extras = page.getByRole("dialog", { name: "Add extras to Women's haircut?" });
      await paintedThenTakenOver(page, url, async () => {
        await page.getByRole("button", { name: "Women's haircut" }).click();
        await extras.waitFor();
        await page.keyboard.press("Escape");
        await extras.waitFor({ state: "hidden" });
      });
      // Dismissed: the widget's dialog, opened for the tap done again once its code is in, is
      // closed as Cancel closes it, and nothing is chosen.
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
      expect(await extras.count()).toBe(0);
      expect(await page.getByRole("complementary", { name: "Selected services" }).getByRole("listitem").count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });

  it("paints on a page that enforces Trusted Types and lists the widget's policy", async () => {
    await onProviderPage(
      {
        body: `<booking-widget company="demo-salon"></booking-widget>`,
        moreCsp: "; require-trusted-types-for 'script'; trusted-types booking-widget",
      },
      async ({ page, errors, asked, url }) => {
        await paintedThenTakenOver(page, url, () => page.getByRole("button", { name: "Women's haircut" }).waitFor());
        // The information box, painted and taken over without writing HTML strings, then cleaned by the widget's own DOMPurify.
        const box = page.getByRole("complementary", { name: "Information" });
        await box.getByRole("link", { name: "salon policies" }).waitFor();
        // Its chunk was asked for (whenever: before this line too), and its cleaning has had its moment.
        await expect.poll(() => asked.some((address) => /\/chunks\/purify\.es-/.test(address)), { timeout: 20_000 }).toBe(true);
        await page.waitForTimeout(500);
        await box.getByRole("link", { name: "salon policies" }).waitFor();
        expect(errors).toEqual([]);
      },
    );
  });

  it("paints in the element's lang and the widget comes up in it", async () => {
    await onProviderPage({ body: `<booking-widget company="demo-salon" lang="es"></booking-widget>` }, async ({ page, errors, url }) => {
      await paintedThenTakenOver(page, url, () => page.getByRole("combobox", { name: "Idioma" }).waitFor());
      expect(await page.getByRole("combobox", { name: "Idioma" }).inputValue()).toBe("es");
      expect(errors).toEqual([]);
    });
  });

  it("with api-base, paints from where the page's data lives: the script's origin or another one, and the widget takes over from it", async () => {
    // The same server under another name (localhost for 127.0.0.1) is another origin: the API apart from the script.
    const other = baseUrl().replace("127.0.0.1", "localhost");
    for (const api of [`${baseUrl()}/api`, `${other}/api`]) {
      await onProviderPage(
        {
          body: `<booking-widget company="demo-salon" api-base="${api}"></booking-widget>`,
          connect: other,
        },
        async ({ page, errors, asked, url }) => {
          await paintedThenTakenOver(page, url, async () => {
            await page.getByRole("button", { name: "Women's haircut" }).waitFor();
            expect(asked.filter((address) => address.includes("/first-screen/"))).toEqual([`${api}/first-screen/demo-salon`]);
            expect(asked.filter((address) => address.includes("/api/User/"))).toEqual([]);
            await page.getByRole("button", { name: "Women's haircut" }).click();
          });
          await page.getByRole("dialog", { name: "Add extras to Women's haircut?" }).waitFor();
          // The widget's own calls go to its api-base.
          expect(asked.filter((address) => /\/api\/(Service|User)\//.test(address) && !address.startsWith(api))).toEqual([]);
          expect(errors).toEqual([]);
        },
      );
    }
  });

  it("paints two widgets of two providers each with its own services", async () => {
    await onProviderPage(
      { body: `<booking-widget company="demo-salon"></booking-widget><booking-widget company="demo-spa" lang="en"></booking-widget>` },
      async ({ page, errors, url }) => {
        const release = await holdRequests(page, WIDGET_SCRIPT);
        await page.goto(url, { waitUntil: "commit" });
        const [salon, spa] = [page.locator("booking-widget").nth(0), page.locator("booking-widget").nth(1)];
        await salon.getByRole("button", { name: "Women's haircut" }).waitFor();
        await spa.getByRole("heading", { name: "Demo Spa" }).first().waitFor();
        expect(await spa.getByRole("button", { name: "Women's haircut" }).count()).toBe(0);
        release();
        await page.waitForFunction(
          () => document.querySelectorAll("booking-widget").length === 2 && customElements.get("booking-widget") !== undefined,
        );
        await spa.getByRole("heading", { name: "Demo Spa" }).first().waitFor();
        expect(errors).toEqual([]);
      },
    );
  });

  it("costs nothing when the painted copy cannot come: the widget renders and asks by itself", async () => {
    await onProviderPage({ body: `<booking-widget company="demo-salon"></booking-widget>` }, async ({ page, errors, asked, url }) => {
      await page.route("**/widget/first-screen/**", (route) => route.abort("internetdisconnected"));
      await page.goto(url);
      await page.getByRole("button", { name: "Women's haircut" }).click();
      await page.getByRole("dialog", { name: "Add extras to Women's haircut?" }).waitFor();
      expect(asked.some((address) => address.includes("/api/User/ByUser/demo-salon"))).toBe(true);
      // The aborted request is the browser's own console line, not the widget's error.
      expect(errors.filter((error) => !/first-screen|ERR_INTERNET_DISCONNECTED/.test(error))).toEqual([]);
    });
  });

  it("with the README's async tag in the head, paints an element the parser adds after the loader ran, before the page is parsed", async () => {
    // The page arrives in parts the test sends: the head with the tag, then the element, then the end.
    let response: ServerResponse | undefined;
    const site = createServer((_request, answer) => {
      answer.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      answer.write(`<!doctype html><html><head><meta name="viewport" content="width=device-width">
        <script type="module" async src="${baseUrl()}/widget/booking-widget.js"></script></head>
        <body><h1>A provider's own site</h1>${"<p>The page's text.</p>".repeat(100)}`);
      response = answer;
    });
    await new Promise<void>((listening) => site.listen(0, "127.0.0.1", listening));
    const { page, errors } = await watchedPage();
    try {
      const release = await holdRequests(page, WIDGET_SCRIPT);
      await page.goto(`http://localhost:${(site.address() as AddressInfo).port}/`, { waitUntil: "commit" });
      // The loader has run (it leaves the widget's stylesheet on the window) with no element on the page yet.
      await page.waitForFunction(() => "bwWidgetSheet" in window);
      expect(await page.locator("booking-widget").count()).toBe(0);
      response!.write(`<booking-widget company="demo-salon"></booking-widget>${"<p>More of the page.</p>".repeat(100)}`);
      await page.getByRole("button", { name: "Women's haircut" }).waitFor();
      // Painted by the loader alone, while the page is still arriving.
      expect(await page.evaluate(() => document.readyState)).toBe("loading");
      expect(await page.evaluate(() => customElements.get("booking-widget"))).toBeUndefined();
      response!.end("<footer>The page's end</footer></body></html>");
      release();
      await page.waitForFunction(widgetTookOver);
      await page.getByText("The page's end").waitFor();
      expect(errors).toEqual([]);
    } finally {
      response?.end();
      await page.context().close();
      site.close();
    }
  });

  it("asks for no painted copy where the first screen is not the service list", async () => {
    await onProviderPage(
      {
        body: `<booking-widget company="demo-salon" view="my-page"></booking-widget><booking-widget company="demo-salon" service="1"></booking-widget>`,
      },
      async ({ page, asked, url }) => {
        await page.goto(url);
        await page.waitForFunction(() => customElements.get("booking-widget") !== undefined);
        await page.waitForLoadState("networkidle");
        expect(asked.filter((address) => address.includes("/widget/first-screen/"))).toEqual([]);
      },
    );
  });
});

describe("GET /widget/first-screen/{bookingLink} and {api-base}/first-screen/{bookingLink}", () => {
  it("answers the page data and its painted copy to any origin; an unknown link is a 404", async () => {
    const answer = await fetch(`${baseUrl()}/widget/first-screen/demo-salon?lang=es&options=iframe`, {
      headers: { Origin: "http://elsewhere.example" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-allow-origin")).toBe("*");
    const body = (await answer.json()) as { page: { bookingLink: string }; html: string };
    expect(body.page.bookingLink).toBe("demo-salon");
    expect(body.html).toContain("Women&#x27;s haircut");
    expect(body.html).toContain("Idioma");
    expect((await fetch(`${baseUrl()}/widget/first-screen/no-such-page`)).status).toBe(404);
    // The same under the API's base, for an element whose api-base names it.
    const underApi = await fetch(`${baseUrl()}/api/first-screen/demo-salon?lang=es&options=iframe`, {
      headers: { Origin: "http://elsewhere.example" },
    });
    expect(underApi.headers.get("access-control-allow-origin")).toBe("*");
    expect(((await underApi.json()) as { html: string }).html).toBe(body.html);
    expect((await fetch(`${baseUrl()}/api/first-screen/no-such-page`)).status).toBe(404);
  });

  it("follows only the attributes the widget would: an unknown language or a strange options value is left out", async () => {
    const strange = await fetch(`${baseUrl()}/widget/first-screen/demo-salon?lang=xx&options=${encodeURIComponent('"><script>')}`);
    const plain = await fetch(`${baseUrl()}/widget/first-screen/demo-salon`);
    expect(((await strange.json()) as { html: string }).html).toBe(((await plain.json()) as { html: string }).html);
  });
});
