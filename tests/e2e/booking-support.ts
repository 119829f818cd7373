import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { Locale } from "../../src/i18n/locale.ts";
import { fullDate } from "../../src/calendar/date-labels.ts";
import { launchBrowser, newWatchedPage } from "./browser.ts";
import { baseUrl } from "./base-url.ts";
import { expectedFirstDay } from "../support/expected-times.ts";

const base = baseUrl;

/** The newest code the reference API "sent" to a phone number or e-mail address. */
export async function latestCode(to: string): Promise<string> {
  const entries = (await (await fetch(`${base()}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { code: string | null }[];
  const code = entries.find((entry) => entry.code)?.code;
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

/**
 * Chooses `isoDate` in the time step's calendar (moving on a month when needed), by the
 * day button's accessible name: "{full date}, {n} {available}" in the widget's language.
 */
export async function chooseDay(page: Page, isoDate: string, locale: Locale) {
  const { calendar, available, nextMonth } = CALENDAR_WORDS[locale];
  const date = fullDate(isoDate, locale);
  // The month's grid has a button for each of its days (named by the date alone until the
  // month's availability has loaded).
  const grid = page.getByRole("grid", { name: calendar });
  const inShownMonth = grid.getByRole("button", { name: new RegExp(`^${date}(,|$)`) });
  await grid.waitFor();
  for (let months = 0; months < 4 && (await inShownMonth.count()) === 0; months++)
    await page.getByRole("button", { name: nextMonth }).click();
  const day = new RegExp(`^${date}, \\d+ ${available}$`);
  await grid.getByRole("button", { name: day }).click();
  await grid.getByRole("button", { name: day, pressed: true }).waitFor();
}

/** The words of the calendar; `available` matches "1 time available" and "12 times available". */
export const CALENDAR_WORDS: Record<Locale, { calendar: string; available: string; nextMonth: string }> = {
  no: { calendar: "Velg dato", available: "ledige? tid(er)?", nextMonth: "Neste måned" },
  en: { calendar: "Choose a date", available: "times? available", nextMonth: "Next month" },
  es: { calendar: "Elige una fecha", available: "horas? libres?", nextMonth: "Mes siguiente" },
};

/** Chooses the first hour of the shown day; answers its label. */
export async function chooseFirstHour(page: Page): Promise<string> {
  const hour = page.getByRole("button", { name: /^\d{1,2}:\d{2}( [AP]M)?$/ }).first();
  await hour.waitFor();
  const label = (await hour.textContent()) ?? "";
  await hour.click();
  return label;
}

export interface BookedSlot {
  userId: number;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  serviceBookings: unknown[];
  staffMemberId: number;
}

/** Waits for the widget's booking call that succeeds; answers what it booked and with whom. */
export function nextBooking(page: Page): Promise<BookedSlot> {
  return page
    .waitForResponse(
      (response) => /\/api\/Appointment\?userId=/.test(response.url()) && response.request().method() === "POST" && response.ok(),
      { timeout: 20_000 },
    )
    .then(async (response) => {
      const request = (response.request() as Request).postDataJSON() as Omit<BookedSlot, "staffMemberId">;
      const answer = (await response.json()) as { staffMemberId: number };
      return { ...request, staffMemberId: answer.staffMemberId };
    });
}

/** Whether the reference API (the file's server, or the one at `server`) still offers the booked time with the booked staff member. */
export async function stillOffered(slot: BookedSlot, server = base()): Promise<boolean> {
  const response = await fetch(`${server}/api/Appointment/availableHours`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      day: slot.day,
      month: slot.month,
      year: slot.year,
      userId: slot.userId,
      staffMemberId: slot.staffMemberId,
      serviceBookings: slot.serviceBookings,
    }),
  });
  const day = (await response.json()) as { hoursToBook: { backendLabel: string }[] };
  const time = `${String(slot.hour).padStart(2, "0")}:${String(slot.minute).padStart(2, "0")}`;
  return day.hoursToBook.some((hour) => hour.backendLabel === time);
}

/** Fills a textbox found by its accessible name. */
export const fill = (page: Page, name: string | RegExp, value: string) =>
  page.getByRole("textbox", { name, exact: typeof name === "string" }).fill(value);

/** The code arrives once the widget's call to send it has been answered. */
export async function waitForCode(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      return await latestCode(to);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return latestCode(to);
}

/** Chromium logs every 4xx answer; the 403 "Verification required" is one the widget expects. */
export const unexpected = (errors: string[]) =>
  errors.filter((error) => !/Failed to load resource: the server responded with a status of 403/.test(error));

/** One Chromium for the test file; answers `open(path)`: a watched page on the host page's `path`. */
export function usePages() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
  return async (path: string) => {
    // A path on the shared server, or a full address (a server of the test's own).
    const watched = await newWatchedPage(browser);
    await watched.page.goto(path.startsWith("http") ? path : `${base()}${path}`);
    return watched;
  };
}

/** demo-clinic's information form, every field, for a person of `name`, `phone` and `email`. */
export async function fillClinicDetails(page: Page, name: string, phone: string, email: string) {
  await fill(page, "Name", name);
  await fill(page, "Phone number", phone);
  await fill(page, "Email", email);
  for (const [label, value] of [
    ["Address", "1 Lake St"],
    ["Postal code", "60601"],
    ["City", "Chicago"],
    ["Social security number", "1"],
    ["Insurance number", "I"],
  ] as const)
    await fill(page, label, value);
  await page.getByRole("combobox", { name: "Year" }).selectOption("1980");
  await page.getByRole("combobox", { name: "Month" }).selectOption("2");
  await page.getByRole("combobox", { name: "Day" }).selectOption("2");
  await page.getByRole("radio", { name: "Man", exact: true }).check();
}

/** demo-clinic: `service`'s first hour and every field of the information filled in, up to the confirm screen. */
export async function clinicToConfirm(page: Page, service: string, name: string, phone: string, email: string) {
  await page.getByRole("button", { name: service }).click();
  await chooseFirstHour(page);
  await fillClinicDetails(page, name, phone, email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("table", { name: "Your booking" }).waitFor();
}

/** Turns the page into a provider's own page with the widget of `company` embedded (no data island, no routes). */
export async function embedWidget(page: Page, company: string) {
  await page.evaluate((company) => {
    document.body.innerHTML = `<booking-widget company="${company}"></booking-widget>`;
    const script = document.createElement("script");
    script.type = "module";
    script.src = "/widget/booking-widget.js";
    document.head.append(script);
  }, company);
}

/** Every console warning the page logs from here on (a full booking should log none). */
export function recordWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  return warnings;
}

/** Holds demo-clinic's times straight through the API from this machine (the browser's address too), until the address's limit answers. */
export async function holdClinicTimesUntilLimited(): Promise<string[]> {
  const site = base();
  const provider = (await (await fetch(`${site}/api/User/ByUser/demo-clinic`)).json()) as { userId: number };
  const categories = (await (await fetch(`${site}/api/Service/asAnonymous?userId=${provider.userId}`)).json()) as {
    services: { id: number; title: string; firstAvailable: string }[];
  }[];
  const physio = categories.flatMap((c) => c.services).find((s) => s.title === "Physiotherapy")!;
  const [year, month, day] = physio.firstAvailable.slice(0, 10).split("-").map(Number) as [number, number, number];
  const post = (path: string, body: object) =>
    fetch(`${site}/api/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const wish = { userId: provider.userId, year, month, day, serviceBookings: [{ serviceId: physio.id }] };
  const { hoursToBook } = (await (await post("Appointment/availableHours", wish)).json()) as { hoursToBook: { backendLabel: string }[] };
  const tokens: string[] = [];
  // From the day's last times: the visitor's first time stays free.
  for (const { backendLabel } of hoursToBook.reverse()) {
    const [hour, minute] = backendLabel.split(":").map(Number) as [number, number];
    const response = await post("Appointment/hold", { ...wish, hour, minute });
    if (response.status === 429) return tokens;
    if (response.ok) tokens.push(((await response.json()) as { holdToken: string }).holdToken);
  }
  throw new Error("the address's hold limit was never reached");
}

/** Gives back holds made by holdClinicTimesUntilLimited. */
export async function releaseClinicHolds(tokens: string[]) {
  const provider = (await (await fetch(`${base()}/api/User/ByUser/demo-clinic`)).json()) as { userId: number };
  for (const holdToken of tokens) {
    await fetch(`${base()}/api/Appointment/hold/release`, { method: "POST", body: JSON.stringify({ userId: provider.userId, holdToken }) });
  }
}

/**
 * The visitor leaves: the widget gives its held time back on pagehide. The event is
 * dispatched while the page is still alive and the release's answer awaited, so a later
 * test of the same file (the same address) starts with none of this one's holds; closing
 * the context alone may drop the leaving request on a loaded machine.
 */
export async function leave(page: Page) {
  const released = page.waitForResponse((response) => response.url().endsWith("/Appointment/hold/release") && response.ok());
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  await released;
  await page.context().close();
}

/** demo-salon: Taylor logs in and has Full color (any staff member, the first time free on `day`) ready to book. */
export async function fullColorUpToBooking(page: Page, day = expectedFirstDay("demo-salon", 120).iso) {
  await page.getByRole("button", { name: "Full color" }).click();
  await page.getByRole("button", { name: "Continue (1)" }).click();
  await page.getByRole("button", { name: /Any staff member/ }).click();
  await chooseDay(page, day, "en");
  await chooseFirstHour(page);
  await fill(page, "Phone number", "2125550123");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password").fill("salon-demo-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByText(/^Logged in as Taylor/).waitFor();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("checkbox", { name: /at least 24 hours in advance/ }).check();
}

/** demo-frisor (Norwegian): Kari logs in and has Farging (the first free time) ready to book. */
export async function coloringUpToBooking(page: Page) {
  await page.getByRole("button", { name: "Farging" }).click();
  await chooseFirstHour(page);
  await fill(page, "Telefonnummer", "41234567");
  await page.getByRole("button", { name: "Fortsett" }).click();
  await page.getByLabel("Passord").fill("frisor-demo-1");
  await page.getByRole("button", { name: "Logg inn" }).click();
  await page.getByText(/^Logget inn som Kari Nordmann/).waitFor();
  await page.getByRole("button", { name: "Fortsett" }).click();
  await page.getByRole("checkbox", { name: /senest 12 timer i forveien/ }).check();
}
