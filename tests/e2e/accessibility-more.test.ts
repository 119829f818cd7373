import { describe } from "vitest";
import { bookForAccount } from "../support/booking-helpers.ts";
import { httpApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { baseUrl } from "./base-url.ts";
import { accessibilityTours, dialog } from "./accessibility-scan.ts";
import {
  chooseFirstHour,
  clinicToConfirm,
  fill,
  fillClinicDetails,
  holdClinicTimesUntilLimited,
  releaseClinicHolds,
  usePages,
  waitForCode,
} from "./booking-support.ts";

const open = usePages();
const tour = accessibilityTours(open);

describe("accessibility of the clinic, My Page and the chooser (axe-core WCAG 2.2 A/AA at 1280 and 360 px, reflow at 320 px)", () => {
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
    "My Page (demo-frisor): login refused, wrong code, home, move, confirm move, cancel dialog, profile form, logged out",
    "/demo-frisor/min-side",
    async (page, check) => {
      const kari = { phone: "41234567", password: "frisor-demo-1" };
      const booked = await bookForAccount(httpApi(baseUrl()), "demo-frisor", "Dameklipp", kari);
      await page.getByRole("textbox", { name: "Kode" }).waitFor();
      await check("my page login");
      await page.getByRole("button", { name: "Logg inn" }).click();
      await page.getByRole("textbox", { name: "Telefonnummer" }).and(page.locator("[aria-invalid=true]")).waitFor();
      await check("my page login refused");
      await fill(page, "Telefonnummer", kari.phone);
      await fill(page, "Kode", booked.code === "999" ? "998" : "999");
      await page.getByRole("button", { name: "Logg inn" }).click();
      await dialog(page, "Feil kode/telefonnummer").waitFor();
      await check("my page wrong code dialog");
      await dialog(page, "Feil kode/telefonnummer").getByRole("button", { name: "OK" }).click();
      await fill(page, "Kode", booked.code);
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
      await page.getByRole("textbox", { name: "Kode" }).waitFor();
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
});
