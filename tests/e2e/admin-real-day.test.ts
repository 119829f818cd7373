import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { fromZoned } from "../../src/contract/zoned-time.ts";
import { bookingPage, hoursFor } from "../support/booking-helpers.ts";
import { clockOf, demoToday } from "../support/expected-times.ts";
import { httpApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { accessibilityTours } from "./accessibility-scan.ts";
import { baseUrl } from "./base-url.ts";
import { unexpected, usePages } from "./booking-support.ts";

// Issue 59's day in Chromium against THE REAL API (the file's own server, its clock at
// TEST_NOW): the owner opens today, sees two staff members' bookings and drags one into
// another person's column (a drop on a taken time first, refused in words; the widget's
// hours then offer the old time again); the keyboard alone reaches the grid, walks it,
// opens and closes an appointment (focus back on its cell) and moves one (M, arrows,
// Enter); and the day, the week, a panel and a new booking, with real data, are axe-clean
// at 1280 and 360 px.
// The same screens against the contract-shaped stand-in are admin-day.test.ts.

const base = baseUrl();
const open = usePages();
const api = httpApi(base);
const OWNER = { email: "owner@demo-salon.example", password: "demo-owner-password" };
const SAM = "Sam Rivera";
const ALEX = "Alex Morgan";

/** Today at the server's clock, in the page's zone: the day the back office opens on. */
const today = demoToday("demo-salon");
const dateWords = new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
  new Date(`${today}T00:00:00Z`),
);
const SLOT_MINUTES = 15;

let salon: Provider;
let haircut: Service;
let consultation: Service;
const staffIds: Record<string, number> = {};
/** Where the two bookings made before the tests start (HH:MM), by staff member. */
const bookedAt: Record<string, string> = {};

/** Signs in to the admin API from Node, as the app does (its cookie, CSRF token and Origin). */
async function adminSession({ email, password }: { email: string; password: string }) {
  const signedIn = await fetch(`${base}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ bookingLink: "demo-salon", email, password }),
  });
  expect(signedIn.status).toBe(200);
  const cookie = /admin_session=[^;]*/.exec(signedIn.headers.get("set-cookie") ?? "")![0];
  const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
  return (method: string, path: string, body?: unknown) =>
    fetch(`${base}/api${path}`, {
      method,
      headers: { cookie, origin: base, "x-csrf-token": csrfToken, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** Today's free starts (HH:MM) of a service with one staff member, as the widget asks them. */
const freeTimes = async (service: Service, staffName: string) =>
  (await hoursFor(api, salon, service, { staffMemberId: staffIds[staffName] }, today)).hoursToBook.map((hour) => hour.backendLabel);
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

beforeAll(async () => {
  const page = await bookingPage(api, "demo-salon");
  salon = page.provider;
  haircut = page.services["Men's haircut"]!;
  consultation = page.services.Consultation!;
  const owner = await adminSession(OWNER);
  const answer = (await (await owner("GET", `/admin/day?date=${today}`)).json()) as {
    columns: { staffMember: { id: number; name: string } }[];
  };
  for (const { staffMember } of answer.columns) staffIds[staffMember.name] = staffMember.id;
  // Two of today's bookings, one for each of two staff members, made on the phone by the owner.
  for (const [who, service, name, phone] of [
    [SAM, haircut, "Hanne Haircut", "41230001"],
    [ALEX, consultation, "Carl Consult", "41230002"],
  ] as const) {
    const [first] = await freeTimes(service, who);
    expect(first, `${who} has a free time today at TEST_NOW`).toBeDefined();
    bookedAt[who] = first!;
    const booked = await owner("POST", "/admin/appointments", {
      staffMemberId: staffIds[who],
      start: fromZoned(today, first!, salon.timeZone).toISOString(),
      services: [{ serviceId: service.id }],
      customer: { name, phone },
    });
    expect(booked.status).toBe(201);
  }
});

/** Signs in on the page the app opened on; the app then shows today's day. */
async function signIn(page: Page) {
  await page.getByRole("textbox", { name: "E-mail" }).fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("grid", { name: `Appointments ${dateWords}` }).waitFor();
}

/** The grid's cell of a staff member at a time, by its whole accessible name ("free", or what is there). */
const cell = (page: Page, staff: string, time: string, what: string) =>
  page.getByRole("gridcell", { name: `${staff}, ${dateWords}, ${time}: ${what}`, exact: true });
const activeName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
/**
 * A person's drag of `block` onto `target`, as admin-day.test.ts does it: pressed off the
 * block's centre (a press exactly there is react-aria's touch screen reader drag), moved a
 * little, then over the slot.
 */
async function drag(page: Page, block: Locator, target: Locator) {
  await block.scrollIntoViewIfNeeded();
  const from = (await block.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + 12, from.y + 8);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2 + 3, to.y + to.height / 2 + 3, { steps: 8 });
  await page.mouse.up();
}

/** The grid's polite live region, where each move of focus or of an appointment is said. */
const announced = (page: Page) => page.locator(".admin-grid-scroll [aria-live=polite]");

describe("the owner's day against the real API", () => {
  it("shows today's bookings of two staff members; one dropped on a taken time is refused in words, dropped on a free one in another's column is moved there, and the widget offers its old time again", async () => {
    const { page, errors } = await open("/demo-salon/admin");
    await page.setViewportSize({ width: 1280, height: 1000 });
    await signIn(page);
    expect(await page.getByRole("button", { name: "Today" }).getAttribute("aria-current")).toBe("date");
    const oldTime = bookedAt[SAM]!;
    const hanne = cell(page, SAM, oldTime, "Hanne Haircut, booked");
    await hanne.waitFor();
    await cell(page, ALEX, bookedAt[ALEX]!, "Carl Consult, booked").waitFor();
    expect(await freeTimes(haircut, SAM)).not.toContain(oldTime);

    // Dropped first on Carl's time in Alex's column: taken, so the API refuses it, the day says so, and it stays.
    await drag(page, hanne.locator(".admin-drag"), cell(page, ALEX, bookedAt[ALEX]!, "Carl Consult, booked"));
    await page
      .getByRole("alert")
      .filter({ hasText: /^This time has just been taken\. Choose another\.$/ })
      .waitFor();
    await hanne.waitFor();
    expect(await freeTimes(haircut, SAM)).not.toContain(oldTime);

    // Then on Alex's first free time for the haircut (after Carl's consultation).
    const newTime = (await freeTimes(haircut, ALEX)).find((time) => time !== oldTime)!;
    await drag(page, hanne.locator(".admin-drag"), cell(page, ALEX, newTime, "free"));
    await cell(page, ALEX, newTime, "Hanne Haircut, booked").waitFor();
    await cell(page, SAM, oldTime, "free").waitFor();
    // The widget (the public availability API) offers Sam's old time again, and no longer Alex's new one.
    expect(await freeTimes(haircut, SAM)).toContain(oldTime);
    expect(await freeTimes(haircut, ALEX)).not.toContain(newTime);
    expect(await page.getByRole("alert").count()).toBe(0);
    // Two answers the browser logs are expected: the app's first question, who is signed in,
    // before sign-in (401), and the refused drop (409).
    expect(unexpected(errors).filter((error) => !/status of (401|409)/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("the keyboard alone reaches the grid, walks it, opens an appointment, and moves one an hour later with M, the arrows and Enter", async () => {
    const { page, errors } = await open("/demo-salon/admin");
    await signIn(page);
    for (let tabs = 0; tabs < 12 && (await page.evaluate(() => document.activeElement?.getAttribute("role"))) !== "gridcell"; tabs++)
      await page.keyboard.press("Tab");
    // Focus lands on now's slot (the first at or after TEST_NOW's time) in the first column.
    const now = minutesOf(clockOf(TEST_NOW, salon.timeZone));
    const nowSlot = Math.ceil(now / SLOT_MINUTES) * SLOT_MINUTES;
    const slotTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    expect(await activeName(page)).toMatch(new RegExp(`^${ALEX}, ${dateWords}, ${slotTime(nowSlot)}: `));

    // Along the column to Carl's consultation, a slot a key (at the default TEST_NOW it is now's slot already).
    const carl = bookedAt[ALEX]!;
    const steps = (minutesOf(carl) - nowSlot) / SLOT_MINUTES;
    for (let step = 0; step < Math.abs(steps); step++) await page.keyboard.press(steps > 0 ? "ArrowDown" : "ArrowUp");
    const carlName = `${ALEX}, ${dateWords}, ${carl}: Carl Consult, booked`;
    expect(await activeName(page)).toBe(carlName);
    await page.keyboard.press("ArrowRight");
    expect(await activeName(page)).toMatch(new RegExp(`^${SAM}, ${dateWords}, ${carl}: `));
    await expect.poll(() => announced(page).textContent()).toMatch(new RegExp(`^${SAM}, ${dateWords}, ${carl}: `));
    await page.keyboard.press("ArrowLeft");
    expect(await activeName(page)).toBe(carlName);
    await expect.poll(() => announced(page).textContent()).toBe(carlName);

    // Enter opens it; Escape closes it, and focus is back on its cell.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", {
      name: `Appointment ${dateWords} ${carl}–${slotTime(minutesOf(carl) + consultation.durationInMinutes)}`,
    });
    await dialog.getByText("Carl Consult").first().waitFor();
    await dialog.getByText("41230002").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await activeName(page)).toBe(carlName);

    // M picks it up, Page Down carries it an hour (then the arrows to a time free for it), Enter puts it down.
    const later = (await freeTimes(consultation, ALEX)).find((time) => minutesOf(time) >= minutesOf(carl) + 60)!;
    await page.keyboard.press("m");
    await expect
      .poll(() => announced(page).textContent())
      .toBe("Moving Carl Consult. Choose the new time with the arrow keys and press Enter.");
    await page.keyboard.press("PageDown");
    for (let step = 0; step < (minutesOf(later) - minutesOf(carl) - 60) / SLOT_MINUTES; step++) await page.keyboard.press("ArrowDown");
    expect(await activeName(page)).toBe(`${ALEX}, ${dateWords}, ${later}: free`);
    await expect.poll(() => announced(page).textContent()).toBe(`Move Carl Consult to ${ALEX}, ${dateWords}, ${later}: free`);
    await page.keyboard.press("Enter");
    await cell(page, ALEX, later, "Carl Consult, booked").waitFor();
    await cell(page, ALEX, carl, "free").waitFor();
    expect(await freeTimes(consultation, ALEX)).toContain(carl);
    expect(await freeTimes(consultation, ALEX)).not.toContain(later);
    expect(unexpected(errors).filter((error) => !/status of 401/.test(error))).toEqual([]);
    await page.context().close();
  });
});

// The standard tour of each screen: axe at 1280 and 360 px, nothing sticking out at 320 px,
// and nothing cut off there with WCAG 1.4.12's text spacing (a 15-minute block's words too).
const tour = accessibilityTours(open);
tour("the day and the week with real bookings, an appointment's panel and a new booking", "/demo-salon/admin", async (page, check) => {
  await signIn(page);
  const booked = page.getByRole("gridcell", { name: /: Carl Consult, booked$/ }).first();
  await booked.waitFor();
  await check("day");
  await booked.click();
  const panel = page.getByRole("dialog", { name: /^Appointment / });
  await panel.getByText("41230002").waitFor();
  await check("appointment panel");
  await panel.getByRole("button", { name: "Close" }).click();
  const free = (await freeTimes(haircut, SAM)).at(-1)!;
  await cell(page, SAM, free, "free").click();
  await page
    .getByRole("dialog", { name: `New booking ${dateWords} ${free} with ${SAM}` })
    .getByRole("option", { name: "Men's haircut", exact: true })
    .waitFor({ state: "attached" });
  await check("new booking");
  await page.keyboard.press("Escape");
  await page.getByRole("combobox", { name: "View" }).selectOption("week");
  await page.getByRole("heading", { name: /^The week of / }).waitFor();
  await page.getByRole("grid").waitFor();
  await check("week");
});
