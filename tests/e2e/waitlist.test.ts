import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSeed } from "../fixtures/test-seed.ts";
import { addDays } from "../../src/contract/zoned-time.ts";
import { fullDate, longDate } from "../../src/calendar/date-labels.ts";
import { bookingPage, bookingRequest, dateParts, loginToken } from "../support/booking-helpers.ts";
import { demoToday, expectedFirstDay } from "../support/expected-times.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { startServer, type StartedServer } from "../support/start-server.ts";
import { seedFile } from "../support/test-seed-file.ts";
import { httpApi } from "../support/test-api.ts";
import { axeViolations } from "./accessibility-scan.ts";
import { fill, nextBooking, unexpected, usePages } from "./booking-support.ts";
import { expectFocusOn, isFocused, press, tabTo, type } from "./keyboard-support.ts";

// Issue 46's browser walk: a visitor joins the waitlist on a full day; the customer who had
// the time cancels it on My Page; the offer's link (read from the demo outbox) opens the
// widget on that time, held and with the visitor's details; the visitor books it. On a
// server of its own where demo-frisor has one chair and one 45-minute time a day, so one
// booking fills a day.

const open = usePages();
const KARI = { phone: "41234567", password: "frisor-demo-1" };
const VISITOR = "98765432";
let server: StartedServer;

beforeAll(async () => {
  const seed = structuredClone(testSeed);
  const frisor = seed.companies.flatMap((company) => company.providers).find((provider) => provider.bookingLink === "demo-frisor")!;
  frisor.staff = frisor.staff!.slice(0, 1);
  for (const hours of frisor.openingHours) Object.assign(hours, { open: "10:00", close: "10:45" });
  server = await startServer({ SEED_FILE: seedFile(seed) });
});
afterAll(() => server?.stop());

/** Kari (logged in by password) books the one time of `day`: her token and the booking. */
async function kariTakes(day: string) {
  const api = httpApi(server.url);
  const { provider, services } = await bookingPage(api, "demo-frisor");
  const kari = await loginToken(api, provider, KARI.phone, KARI.password);
  const taken = await api.postJson(
    `/Appointment?userId=${provider.userId}`,
    bookingRequest(provider, services.Dameklipp!, day, "10:00", {
      phoneNumber: KARI.phone,
      phoneNumberCountryCode: 47,
      emailAddress: "",
      customerAccountIdentificationCode: kari,
      customFields: [],
    }),
  );
  expect(taken.status).toBe(200);
  return { kari, booked: (await taken.json()) as { id: number } };
}

/** Shows the calendar month of `isoDate` (its day's button named by the date, loaded or not yet). */
async function showMonthOf(page: Page, isoDate: string) {
  const grid = page.getByRole("grid", { name: "Velg dato" });
  await grid.waitFor();
  const inMonth = grid.getByRole("button", { name: new RegExp(`^${fullDate(isoDate, "no")}(,|$)`) });
  for (let months = 0; months < 3 && (await inMonth.count()) === 0; months++)
    await page.getByRole("button", { name: "Neste måned" }).click();
}

/** The newest offer link texted to `phone`, once the server's offer loop has made it. */
async function offerLink(phone: string): Promise<URL> {
  for (let tries = 0; tries < 50; tries++) {
    const link = (await httpApi(server.url).outbox(phone))
      .map((message) => /https?:\/\/\S+\/venteliste\?tilbud=[0-9a-f]+/.exec(message.body)?.[0])
      .find(Boolean);
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no waitlist offer was texted to ${phone}`);
}

describe("the waitlist in Chromium (demo-frisor, Norwegian)", () => {
  it("a visitor joins on a full day; a cancel on My Page offers them the time; the link opens it held, and they book it", async () => {
    const api = httpApi(server.url);
    const { provider, services } = await bookingPage(api, "demo-frisor");
    const day = expectedFirstDay("demo-frisor", 45, TEST_NOW, addDays(demoToday("demo-frisor"), 2)).iso;
    // Kari takes the day's one time.
    const { kari } = await kariTakes(day);

    // The visitor finds the day full and joins its waitlist, proving their phone with a code.
    const { page, errors } = await open(`${server.url}/demo-frisor`);
    await page.getByRole("button", { name: "Dameklipp" }).click();
    const grid = page.getByRole("grid", { name: "Velg dato" });
    await showMonthOf(page, day);
    await grid.getByRole("button", { name: `${fullDate(day, "no")}, ingen ledige tider` }).click();
    await page.getByText("Ingen ledige timer denne dagen?").waitFor();
    await page.getByRole("button", { name: "Sett meg på ventelisten" }).click();
    const form = page.getByRole("form", { name: "Sett deg på ventelisten" });
    // The day shown is ticked; the next two days the page opens may be added.
    await expect(form.getByRole("checkbox", { name: longDate(day, "no") }).isChecked()).resolves.toBe(true);
    await expect(form.getByRole("checkbox").count()).resolves.toBe(3);
    await expect(form.getByRole("checkbox").nth(1).isChecked()).resolves.toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await fill(page, "Telefonnummer", VISITOR);
    await form.getByRole("button", { name: "Send meg en kode" }).click();
    await form.getByRole("textbox", { name: "Kode" }).waitFor();
    const [codeMessage] = await api.outbox(VISITOR);
    await form.getByRole("textbox", { name: "Kode" }).fill(codeMessage!.code!);
    await form.getByRole("button", { name: "Sett meg på ventelisten" }).click();
    await page.getByRole("status").filter({ hasText: "Du står på ventelisten" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Issue 57: the phone proven a moment ago opens My Page in this browser, which shows the place at once.
    await page.getByRole("link", { name: "Min side", exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Ja" }).click();
    const place = `Dameklipp ${longDate(day, "no")}`;
    await page.getByRole("region", { name: "Ventelisten din" }).getByText(place).waitFor();
    expect(await page.getByRole("textbox", { name: "Kode" }).count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();

    // A second browser asks for a code now, and sees the place too.
    const { page: other, errors: otherErrors } = await open(`${server.url}/demo-frisor/min-side`);
    await fill(other, "Telefonnummer", VISITOR);
    await other.getByRole("button", { name: "Send meg en kode" }).click();
    await other.getByText(/er en kode på vei dit/).waitFor();
    const [loginCode] = await api.outbox(VISITOR);
    await fill(other, "Kode", loginCode!.code!);
    await other.getByRole("button", { name: "Logg inn" }).click();
    await other.getByRole("region", { name: "Ventelisten din" }).getByText(place).waitFor();
    expect(await axeViolations(other)).toEqual([]);
    expect(unexpected(otherErrors)).toEqual([]);
    await other.context().close();

    // Kari waits for the next day too; My Page lists it and she removes it. Then she cancels.
    const next = addDays(day, 1);
    const joined = await api.postJson(`/Waitlist?userId=${provider.userId}`, {
      customerAccountIdentificationCode: kari,
      serviceBookings: [{ serviceId: services.Herreklipp!.id }],
      days: [next],
      after: "10:00",
    });
    expect(joined.status).toBe(200);
    const receipt = (await api.outbox(KARI.phone)).find((message) => /min-side\?p=/.test(message.body))!;
    const code = /c=(\d{3})/.exec(receipt.body)![1]!;
    const { page: my } = await open(`${server.url}/demo-frisor/min-side?p=${KARI.phone}&c=${code}`);
    const waiting = my.getByRole("region", { name: "Ventelisten din" });
    await waiting.getByText(`Herreklipp ${longDate(next, "no")}`).waitFor();
    expect(await axeViolations(my)).toEqual([]);
    await waiting.getByRole("button", { name: `Fjern Herreklipp ${longDate(next, "no")} fra ventelisten` }).click();
    await my.getByText(`Du står ikke lenger på ventelisten for Herreklipp ${longDate(next, "no")}.`).waitFor();
    await waiting.waitFor({ state: "detached" });
    const when = `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)} kl. 10:00`;
    await my.getByRole("button", { name: `Avbestill Dameklipp, ${when}` }).click();
    await my
      .getByRole("dialog", { name: `Avbestille Dameklipp ${when}?` })
      .getByRole("button", { name: "Ja" })
      .click();
    await my.getByText("Timen din er avbestilt").waitFor();
    await my.context().close();

    // Within seconds the visitor is texted a link; the time is held for them meanwhile.
    const link = await offerLink(VISITOR);
    const hours = await api.postJson("/Appointment/availableHours", {
      ...dateParts(day),
      userId: provider.userId,
      serviceBookings: [{ serviceId: services.Dameklipp!.id }],
    });
    expect(((await hours.json()) as { hoursToBook: unknown[] }).hoursToBook).toEqual([]);

    // The link opens the widget on that time, logged in; the visitor books it.
    const { page: offer, errors: offerErrors } = await open(`${server.url}${link.pathname}${link.search}`);
    await offer.getByRole("heading", { level: 2, name: "Din informasjon" }).waitFor();
    expect(offer.url()).toBe(`${server.url}/demo-frisor`);
    // Held for them (the step says until when), logged in with the phone they proved; a new customer adds a name.
    await offer.getByText(/Denne timen holdes av for deg til/).waitFor();
    await offer.getByText("Logget inn som +47 98765432.", { exact: false }).waitFor();
    await fill(offer, "Navn", "Ola Venter");
    await offer.getByRole("button", { name: "Fortsett" }).click();
    await offer.getByRole("checkbox", { name: /senest 12 timer i forveien/ }).check();
    const [booked] = await Promise.all([nextBooking(offer), offer.getByRole("button", { name: "Bestill time" }).click()]);
    expect(booked).toMatchObject({ ...dateParts(day), hour: 10, minute: 0, phoneNumber: VISITOR });
    await offer.getByRole("heading", { level: 2, name: "Kvittering" }).waitFor();
    expect(unexpected(offerErrors)).toEqual([]);
    await offer.context().close();

    // The link booked once: opened again it says so.
    const { page: again } = await open(`${server.url}${link.pathname}${link.search}`);
    await again.getByText("Dette tilbudet er brukt: timen er bestilt.").waitFor();
    await again.context().close();
  });

  it("by keyboard alone: joins on a full day, and books the time its offer holds", async () => {
    const api = httpApi(server.url);
    const { provider } = await bookingPage(api, "demo-frisor");
    const first = expectedFirstDay("demo-frisor", 45, TEST_NOW, addDays(demoToday("demo-frisor"), 2)).iso;
    const day = expectedFirstDay("demo-frisor", 45, TEST_NOW, addDays(first, 1)).iso;
    const { kari, booked } = await kariTakes(day);
    const visitor = "98765433";

    const { page, errors } = await open(`${server.url}/demo-frisor`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await press(page, page.getByRole("button", { name: "Dameklipp" }));
    const grid = page.getByRole("grid", { name: "Velg dato" });
    const full = grid.getByRole("button", { name: `${fullDate(day, "no")}, ingen ledige tider` });
    await showMonthOf(page, day);
    await full.waitFor();
    await tabTo(page, grid.locator("button[tabindex='0']"));
    for (let presses = 0; presses < 40 && !(await isFocused(full)); presses++) await page.keyboard.press("ArrowRight");
    await expectFocusOn(page, full);
    await page.keyboard.press("Enter");
    await press(page, page.getByRole("button", { name: "Sett meg på ventelisten" }));
    const form = page.getByRole("form", { name: "Sett deg på ventelisten" });
    await type(page, form.getByRole("textbox", { name: "Telefonnummer" }), visitor);
    await press(page, form.getByRole("button", { name: "Send meg en kode" }));
    const code = form.getByRole("textbox", { name: "Kode" });
    await code.waitFor();
    const [sent] = await api.outbox(visitor);
    await type(page, code, sent!.code!);
    await press(page, form.getByRole("button", { name: "Sett meg på ventelisten" }));
    await page.getByRole("status").filter({ hasText: "Du står på ventelisten" }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();

    // Kari cancels (through the API this time); the offer comes.
    const cancelled = await api.request(
      `/Appointment/cancelByCustomer?appointmentId=${booked.id}&customerToken=${kari}&phoneNumber=${KARI.phone}&userId=${provider.userId}`,
      { method: "POST" },
    );
    expect(cancelled.status).toBe(200);
    const link = await offerLink(visitor);

    const { page: offer, errors: offerErrors } = await open(`${server.url}${link.pathname}${link.search}`);
    await offer.setViewportSize({ width: 1280, height: 900 });
    await offer.getByText(/Denne timen holdes av for deg til/).waitFor();
    await type(offer, offer.getByRole("textbox", { name: "Navn" }), "Kari Tast");
    await press(offer, offer.getByRole("button", { name: "Fortsett" }));
    await press(offer, offer.getByRole("checkbox", { name: /senest 12 timer i forveien/ }), "Space");
    const [made] = await Promise.all([nextBooking(offer), press(offer, offer.getByRole("button", { name: "Bestill time" }))]);
    expect(made).toMatchObject({ ...dateParts(day), hour: 10, minute: 0, phoneNumber: visitor });
    await offer.getByRole("heading", { level: 2, name: "Kvittering" }).waitFor();
    expect(unexpected(offerErrors)).toEqual([]);
    await offer.context().close();
  });
});
