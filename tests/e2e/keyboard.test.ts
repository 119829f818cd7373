import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { bookForAccount } from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { httpApi } from "../support/test-api.ts";
import { baseUrl } from "./base-url.ts";
import { fullDate } from "../../src/calendar/date-labels.ts";
import { CALENDAR_WORDS, nextBooking, stillOffered, unexpected, usePages, waitForCode } from "./booking-support.ts";
import { expectFocusOn, isFocused, press, tabTo, type } from "./keyboard-support.ts";

// Booking by keyboard alone: no click, no fill, no selectOption — only key presses, as a
// keyboard user has them. After each step, where focus is is part of what is tested.

const open = usePages();

const heading = (page: Page, name: string) => page.getByRole("heading", { level: 2, name });

/** In the calendar, from the focused day, arrows right to `isoDate`'s button and presses Enter. */
async function chooseDayByKeys(page: Page, isoDate: string, locale: "en") {
  const grid = page.getByRole("grid", { name: CALENDAR_WORDS[locale].calendar });
  const day = grid.getByRole("button", { name: new RegExp(`^${fullDate(isoDate, locale)}, \\d+ ${CALENDAR_WORDS[locale].available}$`) });
  const stop = grid.locator("button[tabindex='0']");
  // The calendar is one Tab stop.
  await tabTo(page, stop);
  for (let presses = 0; presses < 40 && !(await isFocused(day)); presses++) await page.keyboard.press("ArrowRight");
  await expectFocusOn(page, day);
  await page.keyboard.press("Enter");
  await grid.getByRole("button", { pressed: true, name: new RegExp(`^${fullDate(isoDate, locale)}`) }).waitFor();
}

describe("booking by keyboard alone", () => {
  it("demo-clinic: from the first service to the receipt, with focus on each new step's heading", async () => {
    const { page, errors } = await open("/demo-clinic");
    await page.setViewportSize({ width: 1280, height: 900 });
    const service = page.getByRole("button", { name: "Sports massage" });
    await press(page, service);

    await expectFocusOn(page, heading(page, "Select time"));
    const first = expectedFirstDay("demo-clinic", 60);
    const hours = page.getByRole("region", { name: /^Available times / });
    await hours.getByRole("button").first().waitFor();
    // From the calendar's one Tab stop, the day's hours are one Tab away.
    const grid = page.getByRole("grid", { name: "Choose a date" });
    await tabTo(page, grid.locator("button[tabindex='0']"));
    expect(await tabTo(page, hours.getByRole("button", { name: first.times[0]!, exact: true }))).toBe(1);
    await page.keyboard.press("ArrowRight");
    await expectFocusOn(page, hours.getByRole("button", { name: first.times[1]!, exact: true }));
    await page.keyboard.press("Enter");

    await expectFocusOn(page, heading(page, "Your information"));
    await type(page, page.getByRole("textbox", { name: "Name", exact: true }), "Kim Keys");
    await type(page, page.getByRole("textbox", { name: "Phone number" }), "3125550141");
    await type(page, page.getByRole("textbox", { name: "Email" }), "kim.keys@example.com");
    await type(page, page.getByRole("textbox", { name: "Address" }), "3 Lake St");
    await type(page, page.getByRole("textbox", { name: "Postal code" }), "60601");
    await type(page, page.getByRole("textbox", { name: "City" }), "Chicago");
    await type(page, page.getByRole("textbox", { name: "Social security number" }), "123-45-6789");
    await type(page, page.getByRole("textbox", { name: "Insurance number" }), "INS-9");
    // A closed select takes typed characters (type-ahead) in Chromium.
    await type(page, page.getByRole("combobox", { name: "Year" }), "1984");
    await type(page, page.getByRole("combobox", { name: "Month" }), "April");
    await type(page, page.getByRole("combobox", { name: "Day" }), "12");
    // A radio group is one Tab stop: focus lands on its first radio, an arrow checks the next.
    await press(page, page.getByRole("radio", { name: "Man", exact: true }), "ArrowDown");
    await expect(page.getByRole("radio", { name: "Woman", exact: true }).isChecked()).resolves.toBe(true);
    await press(page, page.getByRole("button", { name: "Continue" }));

    await expectFocusOn(page, heading(page, "Booking"));
    await type(page, page.getByRole("textbox", { name: "Comment" }), "Booked by keyboard");
    const booked = nextBooking(page);
    await press(page, page.getByRole("button", { name: "Book appointment" }));
    const code = page.getByRole("textbox", { name: "Code" });
    await expectFocusOn(page, code);
    await page.keyboard.type(await waitForCode("kim.keys@example.com"));
    await page.keyboard.press("Enter");

    await expectFocusOn(page, heading(page, "Receipt"));
    await page.getByText("Thank you for your booking!").waitFor();
    expect(await stillOffered(await booked)).toBe(false);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("demo-salon: a service with an extra in its dialog, any staff member, a later day, logged in with the password", async () => {
    const { page, errors } = await open("/demo-salon");
    await page.setViewportSize({ width: 1280, height: 900 });
    await press(page, page.getByRole("button", { name: "Women's haircut" }));
    const extras = page.getByRole("dialog", { name: "Add extras to Women's haircut?" });
    const blowDry = extras.getByRole("checkbox", { name: /Wash and blow-dry/ });
    await press(page, blowDry, "Space");
    await expect(blowDry.isChecked()).resolves.toBe(true);
    await press(page, extras.getByRole("button", { name: "Choose" }));
    await extras.waitFor({ state: "detached" });
    // The dialog gives focus back to the service that opened it.
    await expectFocusOn(page, page.getByRole("button", { name: /^Women's haircut/ }));
    await press(page, page.getByRole("button", { name: "Continue (1)" }));

    await expectFocusOn(page, heading(page, "Select staff"));
    await press(page, page.getByRole("button", { name: /Any staff member/ }));

    await expectFocusOn(page, heading(page, "Select time"));
    await chooseDayByKeys(page, expectedFirstDay("demo-salon", 75).iso, "en");
    const hours = page.getByRole("region", { name: /^(Available times|Hours on) / });
    await press(page, hours.getByRole("button").first());

    await expectFocusOn(page, heading(page, "Your information"));
    await type(page, page.getByRole("textbox", { name: "Phone number" }), "2125550123");
    await page.keyboard.press("Enter");
    const password = page.getByLabel("Password");
    await expectFocusOn(page, password);
    await page.keyboard.type("salon-demo-1");
    await page.keyboard.press("Enter");
    // The sentence that says what happened takes focus; the details follow it.
    await expectFocusOn(page, page.getByText("Logged in as Taylor Brooks. Check your details before you continue."));
    await press(page, page.getByRole("button", { name: "Continue" }));

    await expectFocusOn(page, heading(page, "Booking"));
    await press(page, page.getByRole("checkbox", { name: /at least 24 hours in advance/ }), "Space");
    const booked = nextBooking(page);
    await press(page, page.getByRole("button", { name: "Book appointment" }));
    await expectFocusOn(page, heading(page, "Receipt"));
    await page.getByText("Thank you for your booking!").waitFor();
    expect(await stillOffered(await booked)).toBe(false);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("My Page (demo-frisor, Norwegian): logs in with the form, moves an appointment and cancels it", async () => {
    const kari = { phone: "41234567", password: "frisor-demo-1" };
    const booked = await bookForAccount(httpApi(baseUrl()), "demo-frisor", "Dameklipp", kari);
    const when = (iso: string, time: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)} kl. ${time}`;
    const { page, errors } = await open("/demo-frisor/min-side");
    await page.setViewportSize({ width: 1280, height: 900 });
    await type(page, page.getByRole("textbox", { name: "Telefonnummer" }), kari.phone);
    await type(page, page.getByRole("textbox", { name: "Kode" }), booked.code);
    await page.keyboard.press("Enter");
    await expectFocusOn(page, page.getByText("Velkommen, Kari Nordmann"));

    // Move: focus goes to the calendar's heading; the hours are reached by Tab and arrows.
    await press(page, page.getByRole("button", { name: `Flytt Dameklipp, ${when(booked.day.iso, booked.time)}` }));
    await expectFocusOn(page, page.getByRole("heading", { name: /^Velg ny tid for Dameklipp/ }));
    const hours = page.getByRole("region", { name: /^(Ledige tider|Timer) / });
    const last = booked.day.hoursToBook.at(-1)!.backendLabel;
    await tabTo(page, hours.getByRole("button").first());
    await page.keyboard.press("End");
    await expectFocusOn(page, hours.getByRole("button", { name: last, exact: true }));
    await page.keyboard.press("Enter");
    const confirmMove = page.getByRole("dialog", { name: `Flytte Dameklipp til ${when(booked.day.iso, last)}?` });
    await press(page, confirmMove.getByRole("button", { name: "Ja" }));
    await page.getByText("Du har endret timen din").first().waitFor();
    // What opened the dialog is gone with the calendar: focus is on the list of appointments.
    await expectFocusOn(page, page.getByRole("heading", { name: "Dine timer" }));

    await press(page, page.getByRole("button", { name: `Avbestill Dameklipp, ${when(booked.day.iso, last)}` }));
    const confirmCancel = page.getByRole("dialog", { name: `Avbestille Dameklipp ${when(booked.day.iso, last)}?` });
    await press(page, confirmCancel.getByRole("button", { name: "Ja" }));
    await page.getByText("Timen din er avbestilt").first().waitFor();
    await page.getByRole("button", { name: `Avbestill Dameklipp, ${when(booked.day.iso, last)}` }).waitFor({ state: "detached" });
    await expectFocusOn(page, page.getByRole("heading", { name: "Dine timer" }));
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("at 360 px, Tab through the services never leaves focus hidden under the selected-services sheet (WCAG 2.4.11)", async () => {
    const { page } = await open("/demo-salon");
    await page.setViewportSize({ width: 360, height: 640 });
    await press(page, page.getByRole("button", { name: /^Men's haircut/ }).first());
    const sheet = page.getByRole("complementary", { name: "Selected services" });
    await sheet.getByRole("button", { name: "Continue (1)" }).waitFor();
    const services = page.locator("booking-widget").locator(".bw-service__button");
    const hidden: string[] = [];
    for (let i = 0; i < (await services.count()); i++) {
      const service = services.nth(i);
      await tabTo(page, service);
      const [focused, covering] = await Promise.all([service.boundingBox(), sheet.boundingBox()]);
      // Hidden: the focused button's visible part lies entirely under the sheet.
      if (focused && covering && focused.y >= covering.y - 1) hidden.push((await service.textContent()) ?? "");
    }
    expect(hidden).toEqual([]);
    await page.context().close();
  });
  it("rules-studio: a weekly series by keyboard alone: repeat, how many times, the series' dialog, and the booking", async () => {
    const { page, errors } = await open("/rules-studio");
    await page.setViewportSize({ width: 1280, height: 900 });
    await press(page, page.getByRole("button", { name: "Physio course", exact: true }));
    await expectFocusOn(page, heading(page, "Select time"));
    const hours = page.getByRole("region", { name: /^Hours on / });
    await hours.getByRole("button").first().waitFor();
    const repeat = page.getByRole("checkbox", { name: "Repeat this appointment" });
    await press(page, repeat, "Space");
    await expect(repeat.isChecked()).resolves.toBe(true);
    // A closed select takes typed characters (type-ahead) in Chromium.
    await type(page, page.getByRole("combobox", { name: "Times in all" }), "3");
    await expect(page.getByRole("combobox", { name: "Times in all" }).inputValue()).resolves.toBe("3");
    await press(page, hours.getByRole("button").first());

    // The series' dialog: each time with its state, and the way on is reached by Tab.
    const dialog = page.getByRole("dialog", { name: "Your series" });
    await dialog.getByRole("listitem").nth(2).waitFor();
    await press(page, dialog.getByRole("button", { name: "Continue with 3 appointments" }));
    await dialog.waitFor({ state: "detached" });

    await expectFocusOn(page, heading(page, "Your information"));
    await type(page, page.getByRole("textbox", { name: "Name", exact: true }), "Kai Keys");
    await type(page, page.getByRole("textbox", { name: "Phone number" }), "2125550388");
    await press(page, page.getByRole("button", { name: "Continue" }));
    await expectFocusOn(page, heading(page, "Booking"));
    await page.getByRole("table", { name: "Your booking" }).getByRole("rowheader", { name: "Repeats" }).waitFor();
    await press(page, page.getByRole("button", { name: "Book appointment" }));
    await expectFocusOn(page, heading(page, "Receipt"));
    await page.getByText(/^Also booked in this series: /).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });
});
