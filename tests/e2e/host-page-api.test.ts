import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays } from "../../src/contract/zoned-time.ts";
import { demoToday, expectedFirstDay } from "../support/expected-times.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { baseUrl } from "./base-url.ts";
import { chooseDay, chooseFirstHour, nextBooking, unexpected, usePages } from "./booking-support.ts";
import { serveProviderSite } from "./provider-site.ts";
import { widgetTookOver } from "../bench/mobile-page.ts";

const base = baseUrl();
const open = usePages();
const KARI = { phone: "41234567", password: "frisor-demo-1" };
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

// Strings, not functions: the page's CSP refuses nothing that the test runs through CDP,
// and tsx would add helpers to named functions that the page does not have.
const RECORD_VIOLATIONS = `window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI), true);`;

type Heard = { name: string; widget: string; detail: Record<string, unknown> };
const heard = (page: Page) => page.evaluate("window.bookingEvents") as Promise<Heard[]>;
const violations = (page: Page) => page.evaluate("window.__violations") as Promise<string[]>;

/** "dd.mm.yyyy kl. HH:MM", as My Page names an appointment in Norwegian. */
const when = (slot: { year: number; month: number; day: number; hour: number; minute: number }) =>
  `${String(slot.day).padStart(2, "0")}.${String(slot.month).padStart(2, "0")}.${slot.year} kl. ${String(slot.hour).padStart(2, "0")}:${String(slot.minute).padStart(2, "0")}`;

/** Every element of the widget's shadow tree: its box relative to the element, its font size and colour. */
const LAYOUT = `(() => {
  const host = document.querySelector("booking-widget");
  const origin = host.getBoundingClientRect();
  return [host, ...host.shadowRoot.querySelectorAll("*")].map((element) => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return [element.tagName, Math.round(box.x - origin.x), Math.round(box.y - origin.y), Math.round(box.width), Math.round(box.height), style.fontSize, style.color, style.display].join(" ");
  });
})()`;

const HOSTILE_CSS = "* { all: revert !important; font-size: 40px !important } button { display: none !important } html { font-size: 10px }";

function widgetPage(body: string, head = "") {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A provider</title>${head}
<script type="module" async src="${base}/widget/booking-widget.js"></script></head><body>${body}</body></html>`;
}

describe("the widget on a provider's page (events, prefill, themes, strict CSP, iframe)", () => {
  it("on the demo provider site (strict CSP, hostile CSS, two widgets): books to the receipt and moves and cancels on My Page with no CSP violation; the page hears every step", async () => {
    const { page, errors } = await open("/");
    await page.addInitScript(RECORD_VIOLATIONS);
    await page.goto(`${base}/provider-site/`);
    const frisor = page.locator("#frisor");
    const salon = page.locator("#salon");
    // Two widgets, two languages, two steppers.
    await salon.getByRole("button", { name: /^Men's haircut/ }).waitFor();
    await frisor.getByRole("button", { name: "Dameklipp" }).click();
    const day = expectedFirstDay("demo-frisor", 45, TEST_NOW, addDays(demoToday("demo-frisor"), 2));
    await chooseDay(page, day.iso, "no");
    await chooseFirstHour(page);
    expect(await salon.getByRole("heading", { level: 2, name: "Select service" }).isVisible()).toBe(true);
    // The page's phone attribute fills the phone step.
    expect(await frisor.getByRole("textbox", { name: "Telefonnummer" }).inputValue()).toBe(KARI.phone);
    await frisor.getByRole("button", { name: "Fortsett" }).click();
    await frisor.getByLabel("Passord").fill(KARI.password);
    await frisor.getByRole("button", { name: "Logg inn" }).click();
    await frisor.getByRole("button", { name: "Fortsett" }).click();
    await frisor.getByRole("checkbox", { name: /senest 12 timer i forveien/ }).check();
    const booked = await Promise.all([nextBooking(page), frisor.getByRole("button", { name: "Bestill time" }).click()]).then(
      ([slot]) => slot,
    );
    await frisor.getByText("Takk for bestillingen!").waitFor();

    let events = await heard(page);
    expect(
      events
        .filter((e) => e.name === "bw-ready")
        .map((e) => [e.widget, e.detail.language])
        .sort(),
    ).toEqual([
      ["frisor", "no"],
      ["salon", "en"],
    ]);
    expect(events.filter((e) => e.name === "bw-step-change").map((e) => `${e.widget}:${e.detail.step}:${e.detail.name}`)).toEqual([
      "frisor:2:time",
      "frisor:3:information",
      "frisor:4:confirm",
      "frisor:5:receipt",
    ]);
    const confirmed = events.filter((e) => e.name === "bw-booking-confirmed");
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({
      widget: "frisor",
      detail: { services: [{ title: "Dameklipp" }], timeZone: "Europe/Oslo", currency: "NOK", paid: false },
    });
    expect(confirmed[0]!.detail.start).toMatch(
      new RegExp(`^${day.iso}T${String(booked.hour).padStart(2, "0")}:${String(booked.minute).padStart(2, "0")}:00\\+0[12]:00$`),
    );
    expect(JSON.stringify(events)).not.toContain(KARI.phone);

    // My Page inside the element: move to the day's last hour, then cancel.
    await frisor.getByRole("link", { name: "Gå til Min side" }).click();
    await frisor.getByRole("button", { name: `Flytt Dameklipp, ${when(booked)}` }).click();
    const lastHour = frisor
      .getByRole("region", { name: /^Velg ny tid for Dameklipp/ })
      .getByRole("button", { name: day.times.at(-1)!, exact: true });
    await lastHour.click();
    const [hour, minute] = day.times.at(-1)!.split(":").map(Number) as [number, number];
    const moved = { ...booked, hour, minute };
    await frisor
      .getByRole("dialog", { name: `Flytte Dameklipp til ${when(moved)}?` })
      .getByRole("button", { name: "Ja" })
      .click();
    await frisor.getByText("Du har endret timen din").waitFor();
    await frisor.getByRole("button", { name: `Avbestill Dameklipp, ${when(moved)}` }).click();
    await frisor
      .getByRole("dialog", { name: `Avbestille Dameklipp ${when(moved)}?` })
      .getByRole("button", { name: "Ja" })
      .click();
    await frisor.getByText("Timen din er avbestilt").waitFor();

    events = await heard(page);
    const [movedEvent] = events.filter((e) => e.name === "bw-appointment-moved");
    const [cancelledEvent] = events.filter((e) => e.name === "bw-appointment-cancelled");
    expect(movedEvent?.detail).toEqual({
      appointmentId: (confirmed[0]!.detail.appointmentIds as number[])[0],
      previousStart: confirmed[0]!.detail.start,
      start: expect.stringMatching(new RegExp(`^${day.iso}T${day.times.at(-1)}:00\\+0[12]:00$`)),
      timeZone: "Europe/Oslo",
    });
    expect(cancelledEvent?.detail).toEqual({
      appointmentId: movedEvent!.detail.appointmentId,
      start: movedEvent!.detail.start,
      timeZone: "Europe/Oslo",
    });
    expect(await violations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("a hostile stylesheet changes nothing inside the widget: same boxes, font sizes and colours as on a clean page", async () => {
    const layouts: string[][] = [];
    for (const head of ["", `<style>${HOSTILE_CSS}</style>`]) {
      const site = await serveProviderSite(widgetPage('<booking-widget company="demo-salon"></booking-widget>', head));
      const { page, errors } = await open(site.url);
      await page.getByRole("button", { name: /^Men's haircut/ }).waitFor();
      await page.getByRole("link", { name: "salon policies" }).waitFor();
      // The widget's own render on both pages (the painted copy, box and all, comes first).
      await page.waitForFunction(widgetTookOver);
      layouts.push((await page.evaluate(LAYOUT)) as string[]);
      expect(errors).toEqual([]);
      await page.context().close();
      site.close();
    }
    expect(layouts[0]!.length).toBeGreaterThan(50);
    expect(layouts[1]).toEqual(layouts[0]);
  });

  it("dark theme keeps WCAG AA contrast (axe), as the light one does; theme=auto follows the system's scheme live", async () => {
    const site = await serveProviderSite(
      widgetPage(
        '<booking-widget id="dark" company="demo-salon" theme="dark"></booking-widget><booking-widget id="auto" company="demo-frisor" theme="auto"></booking-widget><booking-widget id="light" company="demo-clinic"></booking-widget>',
      ),
    );
    const { page, errors } = await open(site.url);
    await page.setViewportSize({ width: 900, height: 2400 });
    for (const id of ["dark", "auto", "light"]) await page.locator(`#${id}`).getByRole("heading", { level: 2 }).waitFor();
    await page.locator("#dark").getByRole("link", { name: "salon policies" }).waitFor();
    // The widgets' own renders (each painted copy, its information box too, comes first).
    await page.waitForFunction(
      () =>
        customElements.get("booking-widget") !== undefined &&
        [...document.querySelectorAll("booking-widget")].every(
          (widget) => widget.shadowRoot?.children.length === 1 && widget.shadowRoot.firstElementChild?.classList.contains("bw-root"),
        ),
    );
    const background = (id: string) =>
      page
        .locator(`#${id}`)
        .locator(".bw-root")
        .evaluate((root) => getComputedStyle(root).backgroundColor);
    expect(await background("dark")).toBe("rgb(20, 24, 30)");
    expect(await background("light")).toBe("rgb(255, 255, 255)");

    await page.emulateMedia({ colorScheme: "dark" });
    expect(await background("auto")).toBe("rgb(20, 24, 30)");
    await page.evaluate(AXE);
    const contrast = (await page.evaluate(
      `axe.run(document, { runOnly: ["color-contrast"] }).then((r) => r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ") + ": " + n.failureSummary)))`,
    )) as string[];
    expect(contrast).toEqual([]);
    mkdirSync("test-results", { recursive: true });
    await page.locator("#dark").screenshot({ path: "test-results/dark-theme.png" });

    await page.emulateMedia({ colorScheme: "light" });
    expect(await background("auto")).toBe("rgb(255, 255, 255)");
    expect(errors).toEqual([]);
    await page.context().close();
    site.close();
  });

  it("iframe mode: the framed page posts its height (versioned, height and company only) and docs/embedding.md's snippet sizes the iframe without a scrollbar, also after a step", async () => {
    const { page, errors } = await open("/");
    await page.addInitScript(`${RECORD_VIOLATIONS}
window.__heights = []; window.addEventListener("message", (e) => window.__heights.push(e.data));`);
    await page.goto(`${base}/provider-site/iframe`);
    const frame = page.frameLocator("#booking");
    await frame.getByRole("button", { name: /^Men's haircut/ }).waitFor();
    const fits = async () => {
      const iframe = (await page.locator("#booking").boundingBox())!.height;
      const content = (await page.frames()[1]!.evaluate("document.documentElement.scrollHeight")) as number;
      return Math.abs(iframe - content) <= 1;
    };
    await expect.poll(fits).toBe(true);
    const first = (await page.locator("#booking").boundingBox())!.height;
    expect(first).toBeGreaterThan(600);
    await frame.getByRole("button", { name: /^Men's haircut/ }).click();
    await frame.getByRole("button", { name: /^Continue/ }).click();
    await frame.getByRole("heading", { level: 2, name: "Select staff" }).waitFor();
    await expect.poll(async () => (await page.locator("#booking").boundingBox())!.height).not.toBe(first);
    await expect.poll(fits).toBe(true);
    const messages = (await page.evaluate("window.__heights")) as Record<string, unknown>[];
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) {
      expect(Object.keys(message).sort()).toEqual(["company", "height", "type", "version"]);
      expect(message).toMatchObject({ type: "booking-widget:height", version: 1, company: "demo-salon" });
    }
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("removing and re-adding the element shows the widget again with one tree, no error; prefill attributes changed after mount are followed, also by an open form", async () => {
    const site = await serveProviderSite(widgetPage('<booking-widget company="demo-clinic" lang="en"></booking-widget>'));
    const { page, errors } = await open(site.url);
    await page.getByRole("button", { name: "Physiotherapy" }).waitFor();
    await page.evaluate(`(() => { const w = document.querySelector("booking-widget"); w.remove(); window.__kept = w; })()`);
    expect(await page.getByRole("button", { name: "Physiotherapy" }).count()).toBe(0);
    await page.evaluate(`document.body.append(window.__kept)`);
    await page.getByRole("button", { name: "Physiotherapy" }).waitFor();
    expect(await page.evaluate(`document.querySelector("booking-widget").shadowRoot.querySelectorAll(".bw-root").length`)).toBe(1);

    // The page learns who its visitor is after the widget has shown: the form opens filled.
    await page.evaluate(
      `(() => { const w = document.querySelector("booking-widget"); w.setAttribute("first-name", "Ola"); w.setAttribute("last-name", "Nordmann"); w.setAttribute("email", "ola@example.com"); })()`,
    );
    await page.getByRole("button", { name: "Physiotherapy" }).click();
    await chooseFirstHour(page);
    await page.getByRole("form", { name: "Your information" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Ola Nordmann");
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe("ola@example.com");
    // And while the form is open: the field the visitor changed stays, the other follows.
    await page.getByRole("textbox", { name: "Name" }).fill("Ola N.");
    await page.evaluate(
      `(() => { const w = document.querySelector("booking-widget"); w.setAttribute("first-name", "Kari"); w.setAttribute("email", "kari@example.com"); })()`,
    );
    await expect.poll(() => page.getByRole("textbox", { name: "Email" }).inputValue()).toBe("kari@example.com");
    expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Ola N.");
    expect(errors).toEqual([]);
    await page.context().close();
    site.close();
  });

  it("does not move the provider's page when the widget shows below the fold; the next step's heading is in view after a choice", async () => {
    const site = await serveProviderSite(
      widgetPage(
        '<h1>Our clinic</h1><div style="height: 1500px">About us</div><booking-widget company="demo-clinic" lang="en"></booking-widget>',
      ),
    );
    const { page, errors } = await open(site.url);
    await page.setViewportSize({ width: 360, height: 740 });
    const physiotherapy = page.getByRole("button", { name: "Physiotherapy" });
    await physiotherapy.waitFor({ state: "attached" });
    // The services have shown (and the widget has settled): the visitor still reads the page's top.
    await page.waitForFunction(`document.querySelector("booking-widget").shadowRoot.querySelector(".bw-service")`);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The visitor scrolls down and chooses: the next step's heading is in view.
    await physiotherapy.click();
    const heading = page.getByRole("heading", { level: 2, name: "Select time" });
    await heading.waitFor();
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(errors).toEqual([]);
    await page.context().close();
    site.close();
  });
});
