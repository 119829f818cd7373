import { widgetTookOver } from "../bench/mobile-page.ts";
import { expect, it, describe } from "vitest";
import { expectedFirstDay } from "../support/expected-times.ts";
import { accessibilityTours, dialog } from "./accessibility-scan.ts";
import { chooseDay, chooseFirstHour, fill, usePages, waitForCode } from "./booking-support.ts";

const open = usePages();
const tour = accessibilityTours(open);

describe("accessibility of the booking screens and dialogs (axe-core WCAG 2.2 A/AA at 1280 and 360 px, reflow at 320 px): salon, spa, frisør", () => {
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

  it("a chosen service is said to be pressed, its tick is not read as part of its name", async () => {
    const { page } = await open("/demo-salon");
    // The widget's own row (the server's painted copy has no pressed state to tell).
    await page.waitForFunction(widgetTookOver);
    await page
      .getByRole("button", { name: /^Men's haircut/ })
      .first()
      .click();
    await page.getByRole("button", { name: /^Men's haircut/, pressed: true }).waitFor();
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
