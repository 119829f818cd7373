import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { bookForAccount } from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { httpApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { baseUrl } from "./base-url.ts";
import {
  chooseDay,
  chooseFirstHour,
  clinicToConfirm,
  fill,
  fillClinicDetails,
  holdClinicTimesUntilLimited,
  releaseClinicHolds,
  usePages,
  waitForCode,
} from "./booking-support.ts";

// axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every screen and dialog a visitor reaches
// in the four demo pages, My Page and the chooser, error screens included, at 1280 and
// 360 px; and no horizontal scrolling at 320 px (WCAG 1.4.10: also 1280 px at 400 % zoom).
// Every finding of a tour is collected, so one run lists them all.

const open = usePages();
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const WIDTHS = [1280, 360];

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate("typeof axe !== 'undefined'"))) await page.evaluate(AXE);
  return (await page.evaluate(`axe.run(document, { runOnly: { type: "tag", values: ${JSON.stringify(WCAG)} } })
    .then((result) => result.violations.flatMap((v) => v.nodes.map((n) => v.id + " " + n.target.join(" > ") + ": " + (n.failureSummary || "").split("\\n").slice(1).join(" "))))`)) as string[];
}

/**
 * What sticks out sideways: the page's own scrolling, and anything in a widget reaching past
 * the widget's edges (which a host page's `overflow: hidden` would cut off unseen).
 */
const sticksOut = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const scroll = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (scroll > 0) found.push(`the page scrolls ${scroll} px sideways`);
    for (const host of document.querySelectorAll("booking-widget")) {
      const edge = host.getBoundingClientRect();
      for (const element of host.shadowRoot?.querySelectorAll<HTMLElement>("*") ?? []) {
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || getComputedStyle(element).clip !== "auto" || element.closest("dialog, [popover]")) continue;
        const past = Math.max(box.right - edge.right, edge.left - box.left);
        if (past > 1)
          found.push(
            `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${(element.textContent ?? "").trim().slice(0, 40)}" sticks out ${Math.round(past)} px`,
          );
      }
    }
    return found;
  });

/**
 * WCAG 1.4.12 text spacing (line height 1.5, paragraphs 2em apart, letters 0.12em, words
 * 0.16em), applied to the page and every shadow root, or taken away again.
 */
const textSpacing = (page: Page, on: boolean) =>
  page.evaluate((on) => {
    const marked = "textSpacingTest";
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++)
      for (const element of roots[i]!.querySelectorAll("*")) if (element.shadowRoot) roots.push(element.shadowRoot);
    const spacing = new CSSStyleSheet({ media: marked });
    spacing.replaceSync(
      "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
    );
    spacing.media.deleteMedium(marked);
    for (const root of roots) {
      const others = root.adoptedStyleSheets.filter((sheet) => !(sheet as CSSStyleSheet & { [marked]?: true })[marked]);
      root.adoptedStyleSheets = on ? [...others, Object.assign(spacing, { [marked]: true })] : others;
    }
  }, on);

/** What clips its content: overflow hidden with more inside than shows (scrolling boxes and visually hidden text aside). */
const clipped = (page: Page) =>
  page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (let i = 0; i < roots.length; i++)
      for (const element of roots[i]!.querySelectorAll("*")) if (element.shadowRoot) roots.push(element.shadowRoot);
    const found: string[] = [];
    for (const root of roots) {
      for (const element of root.querySelectorAll<HTMLElement>("*")) {
        const style = getComputedStyle(element);
        const hides = (overflow: string) => overflow === "hidden" || overflow === "clip";
        if (element.clientWidth <= 1 || style.display === "none" || style.visibility === "hidden" || style.clip !== "auto") continue;
        if (
          (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
          (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1)
        ) {
          found.push(
            `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${(element.textContent ?? "").trim().slice(0, 40)}" clips its content`,
          );
        }
      }
    }
    return found;
  });

/** Lets layout and transitions settle after a resize. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const scanned: string[] = [];

/** Scans the screen as it is at each width and at 320 px; answers the findings, each named by the screen. */
async function scan(page: Page, screen: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    found.push(...(await axeViolations(page)).map((violation) => `${screen} @${width}: ${violation}`));
  }
  await page.setViewportSize({ width: 320, height: 900 });
  await settle(page);
  found.push(...(await sticksOut(page)).map((problem) => `${screen} @320: ${problem}`));
  await textSpacing(page, true);
  await settle(page);
  found.push(...[...(await sticksOut(page)), ...(await clipped(page))].map((problem) => `${screen} @320 with text spacing: ${problem}`));
  await textSpacing(page, false);
  await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
  await settle(page);
  scanned.push(screen);
  return found;
}

/** A tour: `walk` visits screens and calls `check(screen)` on each; all findings are expected to be none. */
function tour(name: string, path: string, walk: (page: Page, check: (screen: string) => Promise<void>) => Promise<void>) {
  it(name, async () => {
    const { page } = await open(path);
    await page.setViewportSize({ width: WIDTHS[0]!, height: 900 });
    const findings: string[] = [];
    await walk(page, async (screen) => void findings.push(...(await scan(page, screen))));
    expect(findings).toEqual([]);
    await page.context().close();
  });
}

const dialog = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });

describe("accessibility on every screen and dialog (axe-core WCAG 2.2 A/AA at 1280 and 360 px, reflow at 320 px)", () => {
  afterAll(() => console.info(`accessibility tour: ${scanned.length} screens scanned`));

  tour(
    "demo-salon: services, extras, staff, time, account phases, forgotten password, confirm, receipt, menu",
    "/demo-salon",
    async (page, check) => {
      await page.getByRole("button", { name: "Women's haircut" }).waitFor();
      await check("salon services");
      await page.getByRole("searchbox", { name: "Search services" }).fill("zzzz");
      await page.getByText("No services match “zzzz”.").waitFor();
      await check("salon search without results");
      await page.getByRole("searchbox", { name: "Search services" }).fill("");
      await page.getByRole("button", { name: "Women's haircut" }).click();
      await dialog(page, "Add extras to Women's haircut?").waitFor();
      await check("salon extras dialog");
      await dialog(page, "Add extras to Women's haircut?").getByRole("button", { name: "Choose" }).click();
      await page.getByRole("button", { name: "Continue (1)" }).waitFor();
      await check("salon selected services");
      await page.getByRole("button", { name: "Continue (1)" }).click();
      await page.getByRole("button", { name: /Any staff member/ }).waitFor();
      await check("salon staff");
      await page.getByRole("button", { name: /Any staff member/ }).click();
      await page
        .getByRole("region", { name: /^(Available times|Hours on) / })
        .getByRole("button")
        .first()
        .waitFor();
      await check("salon time");
      await chooseFirstHour(page);
      await page.getByRole("textbox", { name: "Phone number" }).waitFor();
      await check("salon phone");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("Phone number must be valid").waitFor();
      await check("salon phone refused");
      await fill(page, "Phone number", "2125550123");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByLabel("Password").waitFor();
      await check("salon password");
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Log in" }).click();
      await dialog(page, "Wrong password").waitFor();
      await check("salon wrong password dialog");
      await dialog(page, "Wrong password").getByRole("button", { name: "OK" }).click();
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await dialog(page, /^We will send a code/).waitFor();
      await check("salon forgot password dialog");
      await dialog(page, /^We will send a code/)
        .getByRole("button", { name: "Yes" })
        .click();
      await page.getByLabel("New password").waitFor();
      await check("salon reset password");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.getByLabel("Password").fill("salon-demo-1");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.getByText(/^Logged in as Taylor Brooks/).waitFor();
      await check("salon logged in details");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("table", { name: "Your booking" }).waitFor();
      await check("salon confirm");
      await page.getByRole("checkbox", { name: /at least 24 hours in advance/ }).check();
      await page.getByRole("button", { name: "Book appointment" }).click();
      await page.getByText("Thank you for your booking!").waitFor({ timeout: 20_000 });
      await check("salon receipt");
      // The menu folds into a button on a narrow screen.
      await page.setViewportSize({ width: 360, height: 900 });
      await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("navigation", { name: "Menu" }).getByRole("listitem").waitFor();
      await check("salon menu open");
    },
  );

  tour("demo-salon: a new customer's profile form", "/demo-salon", async (page, check) => {
    await page
      .getByRole("button", { name: /^Men's haircut/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Continue (1)" }).click();
    await page.getByRole("button", { name: /Any staff member/ }).click();
    await chooseFirstHour(page);
    await fill(page, "Phone number", "2125550199");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("You are new here: create your profile.").waitFor();
    await check("salon new profile");
    await page.getByRole("button", { name: "Create profile" }).click();
    await page.getByText("Name is required").waitFor();
    await check("salon new profile refused");
  });

  tour(
    "demo-clinic: services, calendar, every field refused, confirm, verification, wrong code, receipt",
    "/demo-clinic",
    async (page, check) => {
      await page.getByRole("button", { name: "Physiotherapy" }).waitFor();
      await check("clinic services");
      await page.getByRole("button", { name: "Physiotherapy" }).click();
      await page
        .getByRole("region", { name: /^Available times / })
        .getByRole("button")
        .first()
        .waitFor();
      await check("clinic time");
      await chooseFirstHour(page);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByText("Name is required").waitFor();
      await check("clinic information refused");
      await fillClinicDetails(page, "Ada Axe", "3125550161", "ada.axe@example.com");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("table", { name: "Your booking" }).waitFor();
      await check("clinic confirm");
      await page.getByRole("button", { name: "Book appointment" }).click();
      await page.getByRole("textbox", { name: "Code" }).waitFor();
      await check("clinic verification");
      const code = await waitForCode("ada.axe@example.com");
      await fill(page, "Code", code === "00000" ? "11111" : "00000");
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByText("Could not verify with this code").first().waitFor();
      await check("clinic wrong code");
      await fill(page, "Code", code);
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByText("Thank you for your booking!").waitFor({ timeout: 20_000 });
      await check("clinic receipt");
    },
  );

  tour("demo-clinic: a held time at the network's limit, held again, and run out", "/demo-clinic", async (page, check) => {
    // Timers the test can move on, from the instant the server stands at (as the page's fixed Date did).
    await page.clock.install({ time: TEST_NOW });
    await page.reload();
    const tokens = await holdClinicTimesUntilLimited();
    await page.getByRole("button", { name: "Physiotherapy" }).click();
    await chooseFirstHour(page);
    await page.getByText(/^This time is not held for you/).waitFor();
    await check("clinic hold limit");
    await releaseClinicHolds(tokens);
    await page.getByRole("button", { name: "Hold this time again" }).click();
    await page.getByText(/^This time is held for you until/).waitFor();
    await check("clinic time held");
    await page.clock.fastForward("10:01");
    await page.getByText(/^Your hold on this time has run out/).waitFor();
    await check("clinic hold ran out");
  });

  tour("demo-clinic: a day without hours, and a service that must be paid online", "/demo-clinic", async (page, check) => {
    await page.getByRole("button", { name: "Follow-up" }).click();
    const grid = page.getByRole("grid", { name: "Choose a date" });
    await grid
      .getByRole("button", { name: /, no available times$/ })
      .first()
      .click();
    await page.getByText("No available hours for this day").waitFor();
    await check("clinic day without hours");
    // A new visit, not a reload: the booking in progress is not brought back.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${baseUrl()}/demo-clinic`);
    await clinicToConfirm(page, "Shockwave therapy", "Pat Axe", "3125550162", "pat.axe@example.com");
    await page.getByRole("button", { name: "Book appointment" }).click();
    await dialog(page, /^No payment provider has been configured/).waitFor();
    await check("clinic no payment provider dialog");
  });

  tour("demo-clinic: the verification locked out after too many wrong codes", "/demo-clinic", async (page, check) => {
    await clinicToConfirm(page, "Sports massage", "Lou Lock", "3125550163", "lou.lock@example.com");
    await page.getByRole("button", { name: "Book appointment" }).click();
    const code = await waitForCode("lou.lock@example.com");
    const wrong = code === "00000" ? "11111" : "00000";
    const locked = page.getByText(/^Too many attempts\. Wait \d+ minutes? and try again\.$/);
    for (let tries = 0; tries < 8 && (await locked.count()) === 0; tries++) {
      await fill(page, "Code", wrong);
      await Promise.all([
        page.waitForResponse((response) => response.url().includes("/Appointment/verify")),
        page.getByRole("button", { name: "Verify" }).click(),
      ]);
      // Answered: the form is ready for the next code, or it is locked.
      await locked
        .or(page.getByRole("button", { name: "Verify", disabled: false }))
        .first()
        .waitFor();
    }
    await page
      .getByText(/^Too many attempts\. Wait \d+ minutes? and try again\.$/)
      .first()
      .waitFor();
    await check("clinic verification locked out");
  });

  tour(
    "demo-spa (Spanish): search, several services, staff, consent, payment dialog, declined payment",
    "/demo-spa",
    async (page, check) => {
      await page.getByRole("button", { name: "Masaje relajante" }).waitFor();
      await check("spa services");
      await page.getByRole("button", { name: "Masaje de piedras calientes" }).click();
      await page.getByRole("button", { name: "Continuar (1)" }).click();
      await page.getByRole("button", { name: /Diego Ramírez/ }).click();
      const day = expectedFirstDay("demo-spa", 90);
      await chooseDay(page, day.iso, "es");
      await chooseFirstHour(page);
      await fill(page, "Nombre", "Ana Axe");
      await fill(page, "Teléfono", "5512340001");
      await fill(page, "Correo electrónico", "ana.axe@example.com");
      await page.getByRole("button", { name: "Continuar" }).click();
      await page.getByRole("table", { name: "Tu reserva" }).waitFor();
      await check("spa confirm with consent");
      await page.getByRole("checkbox", { name: /48 horas/ }).check();
      await page.getByRole("button", { name: "Reservar cita" }).click();
      await fill(page, "Código", await waitForCode("5512340001"));
      await page.getByRole("button", { name: "Verificar" }).click();
      const pay = page.getByRole("dialog", { name: "Pagar en línea" });
      await pay.waitFor();
      await check("spa payment dialog");
      await pay.getByRole("button", { name: /^Pagar / }).click();
      await page.getByRole("heading", { name: "Payment simulator" }).waitFor();
      await check("payment simulator");
      await page.getByRole("button", { name: "Decline" }).click();
      await page.getByText(/pago/i).first().waitFor();
      await check("spa payment declined");
    },
  );

  tour(
    "My Page (demo-frisor): login refused, wrong code, home, move, confirm move, cancel dialog, profile form, logged out",
    "/demo-frisor/min-side",
    async (page, check) => {
      const kari = { phone: "41234567", password: "frisor-demo-1" };
      const booked = await bookForAccount(httpApi(baseUrl()), "demo-frisor", "Dameklipp", kari);
      await page.getByRole("textbox", { name: "Kode fra kvitteringen" }).waitFor();
      await check("my page login");
      await page.getByRole("button", { name: "Logg inn" }).click();
      await page.getByRole("textbox", { name: "Telefonnummer" }).and(page.locator("[aria-invalid=true]")).waitFor();
      await check("my page login refused");
      await fill(page, "Telefonnummer", kari.phone);
      await fill(page, "Kode fra kvitteringen", booked.code === "999" ? "998" : "999");
      await page.getByRole("button", { name: "Logg inn" }).click();
      await dialog(page, "Feil kode/telefonnummer").waitFor();
      await check("my page wrong code dialog");
      await dialog(page, "Feil kode/telefonnummer").getByRole("button", { name: "OK" }).click();
      await fill(page, "Kode fra kvitteringen", booked.code);
      await page.getByRole("button", { name: "Logg inn" }).click();
      await page.getByText("Velkommen, Kari Nordmann").waitFor();
      await check("my page home");
      await page
        .getByRole("button", { name: /^Flytt Dameklipp/ })
        .first()
        .click();
      const hours = page.getByRole("region", { name: /^(Ledige tider|Timer) / });
      await hours.getByRole("button").first().waitFor();
      await check("my page move calendar");
      await hours.getByRole("button").last().click();
      await dialog(page, /^Flytte Dameklipp til /).waitFor();
      await check("my page confirm move dialog");
      await dialog(page, /^Flytte Dameklipp til /)
        .getByRole("button", { name: "Ja" })
        .click();
      await page.getByText("Du har endret timen din").first().waitFor();
      await check("my page moved, with its snackbar");
      await page
        .getByRole("button", { name: /^Avbestill Dameklipp/ })
        .first()
        .click();
      await dialog(page, /^Avbestille Dameklipp /).waitFor();
      await check("my page cancel dialog");
      await dialog(page, /^Avbestille Dameklipp /)
        .getByRole("button", { name: "Nei" })
        .click();
      await page.getByRole("button", { name: "Endre profil" }).click();
      await page.getByRole("form", { name: "Din profil" }).waitFor();
      await check("my page profile form");
      await page.getByRole("form", { name: "Din profil" }).getByRole("textbox", { name: "Navn" }).fill("");
      await page.getByRole("button", { name: "Lagre profil" }).click();
      await page.getByRole("form", { name: "Din profil" }).locator("[aria-invalid=true]").first().waitFor();
      await check("my page profile refused");
      await page.getByRole("button", { name: "Logg ut" }).click();
      await page.getByRole("textbox", { name: "Kode fra kvitteringen" }).waitFor();
      await check("my page logged out");
    },
  );

  tour("My Page (demo-salon) by the receipt's link: a profile with a long e-mail address", "/", async (page, check) => {
    const taylor = { phone: "2125550123", password: "salon-demo-1" };
    const booked = await bookForAccount(httpApi(baseUrl()), "demo-salon", "Men's haircut", taylor, 3, {
      emailAddress: "taylor@example.com",
    });
    await page.goto(`${baseUrl()}/demo-salon/min-side?p=${taylor.phone}&c=${booked.code}`);
    await page.getByRole("button", { name: "Edit profile" }).click();
    const form = page.getByRole("form", { name: "Your profile" });
    await form.getByRole("textbox", { name: /^Email/ }).fill("taylor.brooks.with.a.really.long.address@salon-of-the-city.example.com");
    await form.getByRole("button", { name: "Save profile" }).click();
    await page
      .getByRole("region", { name: "Your profile" })
      .getByText(/^taylor\.brooks\.with/)
      .waitFor();
    await check("my page profile with a long e-mail");
  });

  tour(
    "demo-frisor (Norwegian) in the light and then the dark theme: services, time, phone, password, logged in, confirm, a dialog, receipt",
    "/demo-frisor",
    async (page, check) => {
      await page.getByRole("button", { name: "Dameklipp" }).waitFor();
      await check("frisør services");
      await page.locator("booking-widget").evaluate((widget) => widget.setAttribute("theme", "dark"));
      // Light text on a dark ground.
      const text = await page.getByRole("button", { name: "Dameklipp" }).evaluate((button) => getComputedStyle(button).color);
      expect(
        text
          .match(/\d+/g)!
          .slice(0, 3)
          .map(Number)
          .reduce((sum, channel) => sum + channel, 0),
      ).toBeGreaterThan(3 * 160);
      await check("dark services");
      await page.getByRole("button", { name: "Dameklipp" }).click();
      await page
        .getByRole("region", { name: /^(Ledige tider|Timer) / })
        .getByRole("button")
        .first()
        .waitFor();
      await check("dark time");
      await chooseFirstHour(page);
      await page.getByRole("button", { name: "Fortsett" }).click();
      await page.getByRole("textbox", { name: "Telefonnummer" }).and(page.locator("[aria-invalid=true]")).waitFor();
      await check("dark phone refused");
      await fill(page, "Telefonnummer", "41234567");
      await page.getByRole("button", { name: "Fortsett" }).click();
      await page.getByLabel("Passord").fill("feil-passord");
      await page.getByRole("button", { name: "Logg inn" }).click();
      await dialog(page, "Feil passord").waitFor();
      await check("dark wrong password dialog");
      await dialog(page, "Feil passord").getByRole("button", { name: "OK" }).click();
      await page.getByLabel("Passord").fill("frisor-demo-1");
      await page.getByRole("button", { name: "Logg inn" }).click();
      await page.getByText(/^Logget inn som Kari Nordmann/).waitFor();
      await check("dark logged in");
      await page.getByRole("button", { name: "Fortsett" }).click();
      await page.getByRole("checkbox", { name: /senest 12 timer i forveien/ }).waitFor();
      await check("dark confirm");
      await page.getByRole("checkbox", { name: /senest 12 timer i forveien/ }).check();
      await page.getByRole("button", { name: "Bestill time" }).click();
      await page.getByRole("link", { name: "Gå til Min side" }).waitFor({ timeout: 20_000 });
      await check("dark receipt");
    },
  );

  tour("the chooser, an unknown page, and an API that does not answer", "/velg/demo", async (page, check) => {
    await page.getByRole("heading", { name: "Velg sted" }).waitFor();
    await check("chooser");
    await page.goto(`${baseUrl()}/no-such-provider`);
    await page.getByText(/We could not find the booking page|Vi fant ikke bookingsiden/).waitFor();
    await check("unknown booking page");
    await page.route("**/api/**", (route) => route.abort());
    await page.goto(`${baseUrl()}/demo-clinic`);
    await page
      .getByRole("button", { name: /Try again|Prøv igjen/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await check("API unreachable");
  });

  it("a chosen service is said to be pressed, its tick is not read as part of its name", async () => {
    const { page } = await open("/demo-salon");
    await page
      .getByRole("button", { name: /^Men's haircut/ })
      .first()
      .click();
    // The accessible name as Chromium computes it (CDP's accessibility tree).
    const snapshot = (await page.locator("booking-widget").ariaSnapshot()) ?? "";
    expect(snapshot).toMatch(/button "Men's haircut[^"]*" \[pressed\]/);
    expect(snapshot).not.toContain("✓");
    await page.context().close();
  });

  it("honours prefers-reduced-motion: nothing moves while the hours load", async () => {
    const running: Record<string, number> = {};
    for (const motion of ["no-preference", "reduce"] as const) {
      const { page } = await open("/demo-clinic");
      await page.emulateMedia({ reducedMotion: motion });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/Appointment/**", async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await page.getByRole("button", { name: "Physiotherapy" }).click();
      await page
        .getByRole("region", { name: /^Available times / })
        .getByRole("status")
        .first()
        .waitFor({ state: "attached" });
      await page.locator("booking-widget").locator(".bw-hour--skeleton").first().waitFor();
      running[motion] = await page.locator("booking-widget").evaluate((widget) => widget.shadowRoot!.getAnimations().length);
      release();
      await page.context().close();
    }
    expect(running["no-preference"]).toBeGreaterThan(0);
    expect(running.reduce).toBe(0);
  });
});
