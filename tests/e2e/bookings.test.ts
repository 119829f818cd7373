import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  chooseFirstHour,
  fill,
  latestCode,
  nextBooking,
  recordWarnings,
  stillOffered,
  unexpected,
  waitForCode,
  usePages,
} from "./booking-support.ts";

const open = usePages();

/** The spa answers in Spanish; the tests read it in English through the language switcher. */
async function inEnglish(page: Page) {
  await page.getByRole("heading", { level: 2 }).first().waitFor();
  await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
  await page.getByRole("heading", { level: 2, name: "Select service" }).waitFor();
}

const expectReceipt = (page: Page) => page.getByText("Thank you for your booking!").waitFor({ timeout: 20_000 });

describe("booking from start to finish in Chromium", () => {
  it("demo-clinic: one service, no staff choice, every field, e-mail verification; My Page then by the kept login and by a code e-mailed now", async () => {
    const { page, errors } = await open("/demo-clinic");
    const warnings = recordWarnings(page);
    await page.getByRole("button", { name: "Sports massage" }).click();
    await chooseFirstHour(page);
    await fill(page, "Name", "Clara Clinic");
    await fill(page, "Phone number", "3125550111");
    await fill(page, "Email", "clara@example.com");
    await fill(page, "Address", "1 Lake St");
    await fill(page, "Postal code", "60601");
    await fill(page, "City", "Chicago");
    await fill(page, "Social security number", "123-45-6789");
    await fill(page, "Insurance number", "INS-77");
    await page.getByRole("combobox", { name: "Year" }).selectOption("1985");
    await page.getByRole("combobox", { name: "Month" }).selectOption("3");
    await page.getByRole("combobox", { name: "Day" }).selectOption("14");
    await page.getByRole("radio", { name: "Woman", exact: true }).check();
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByRole("textbox", { name: "Comment" }).fill("First visit");
    const booked = nextBooking(page);
    await page.getByRole("button", { name: "Book appointment" }).click();
    await fill(page, "Code", await waitForCode("clara@example.com"));
    await page.getByRole("button", { name: "Verify" }).click();
    await expectReceipt(page);
    expect(await stillOffered(await booked)).toBe(false);
    // Issue 57: proven by the e-mailed code, Clara has My Page: the menu takes her there, logged in.
    await page.getByRole("link", { name: "My Page", exact: true }).click();
    await page.getByRole("row", { name: /^Sports massage / }).waitFor();
    expect(await page.getByRole("textbox", { name: "Code" }).count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    expect(warnings).toEqual([]);
    await page.context().close();

    // A second browser: a code by e-mail, asked for now, opens it too.
    const { page: other, errors: otherErrors } = await open("/demo-clinic/min-side");
    await other.getByRole("radio", { name: "E-mail" }).check();
    await fill(other, "E-mail address", "clara@example.com");
    await other.getByRole("button", { name: "Send me a code" }).click();
    await other.getByText(/If clara@example\.com has bookings or a waitlist place here, a code is on its way/).waitFor();
    await fill(other, "Code", await latestCode("clara@example.com"));
    await other.getByRole("button", { name: "Log in" }).click();
    await other.getByRole("row", { name: /^Sports massage / }).waitFor();
    expect(unexpected(otherErrors)).toEqual([]);
    await other.context().close();
  });

  it("demo-clinic: a service that must be paid online says no payment provider is configured", async () => {
    const { page } = await open("/demo-clinic");
    await page.getByRole("button", { name: "Shockwave therapy" }).click();
    await chooseFirstHour(page);
    await fill(page, "Name", "Pat Pay");
    await fill(page, "Phone number", "3125550112");
    await fill(page, "Email", "pat@example.com");
    for (const [name, value] of [
      ["Address", "2 Lake St"],
      ["Postal code", "60601"],
      ["City", "Chicago"],
      ["Social security number", "1"],
      ["Insurance number", "I"],
    ] as const) {
      await fill(page, name, value);
    }
    await page.getByRole("combobox", { name: "Year" }).selectOption("1990");
    await page.getByRole("combobox", { name: "Month" }).selectOption("1");
    await page.getByRole("combobox", { name: "Day" }).selectOption("1");
    await page.getByRole("radio", { name: "Man", exact: true }).check();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Book appointment" }).click();
    const dialog = page.getByRole("dialog", { name: "No payment provider has been configured. Please contact the service provider." });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await expect(page.getByRole("heading", { level: 2, name: "Booking" }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it("demo-spa: several services with a chosen staff member, phone verification", async () => {
    const { page, errors } = await open("/demo-spa");
    const warnings = recordWarnings(page);
    await inEnglish(page);
    await page.getByRole("button", { name: "Masaje relajante" }).click();
    await page.getByRole("button", { name: "Facial hidratante" }).click();
    await page.getByRole("button", { name: "Continue (2)" }).click();
    await page.getByRole("button", { name: /Lucía Pérez/ }).click();
    await chooseFirstHour(page);
    await fill(page, "Name", "Sofía Spa");
    await fill(page, "Phone number", "5512345678");
    await fill(page, "Email", "sofia@example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    const summary = page.getByRole("table", { name: "Your booking" });
    await summary.waitFor();
    await expect(summary.getByText("Masaje relajante").isVisible()).resolves.toBe(true);
    await expect(summary.getByText("Facial hidratante").isVisible()).resolves.toBe(true);
    await page.getByRole("checkbox", { name: /can only be cancelled or changed at least 48 hours/ }).check();
    const booked = nextBooking(page);
    await page.getByRole("button", { name: "Book appointment" }).click();
    await fill(page, "Code", await waitForCode("5512345678"));
    await page.getByRole("button", { name: "Verify" }).click();
    await expectReceipt(page);
    expect(await stillOffered(await booked)).toBe(false);
    expect(unexpected(errors)).toEqual([]);
    expect(warnings).toEqual([]);
    await page.context().close();
  });
});
