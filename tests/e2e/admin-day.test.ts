import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { OWNER_ROLE, type Role } from "booking-widget/contract";
import { instantAt } from "../../demo/admin/day/day-source.ts";
import { adminStandIn, PASSWORD, sessionFor, TODAY } from "../component/admin/admin-stand-in.ts";
import { accessibilityTours, axeViolations } from "./accessibility-scan.ts";
import { usePages } from "./booking-support.ts";

// The built back office's day in Chromium, its admin API answered by the contract-shaped
// stand-in (tests/component/admin/admin-stand-in.ts) through the page's own requests: the
// grid by keyboard alone, a block dragged to another column and time, the panel and the new
// booking, axe on each at 1280 and 360 px. The real API's answers are tests/api/admin-*'s.

const open = usePages();
const tour = accessibilityTours(async (path) => {
  const watched = await open(path);
  return watched;
});

/** Answers the page's admin calls (and the services list) from a stand-in; the rest goes to the server. */
async function standIn(page: Page, options: Parameters<typeof adminStandIn>[0] = {}) {
  const api = adminStandIn(options);
  await page.route(/\/api\/(admin\/|Service\/asAnonymous)/, async (route) => {
    const request = route.request();
    const answer = await api.fetch(request.url(), {
      method: request.method(),
      headers: request.headers(),
      body: request.postData() ?? undefined,
    });
    await route.fulfill({
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: Buffer.from(await answer.arrayBuffer()),
    });
  });
  await page.reload();
  return api;
}

const dateWords = new Intl.DateTimeFormat("en", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }).format(
  new Date(`${TODAY}T00:00:00Z`),
);
const cell = (page: Page, name: string) => page.getByRole("gridcell", { name, exact: true });
const activeName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName);

async function signIn(page: Page) {
  await page.getByRole("textbox", { name: "E-mail" }).fill("owner@example.com");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("grid").waitFor();
}

describe("the back office's day in the browser", () => {
  it("the keyboard alone reaches the grid, moves through it, opens an appointment and closes it", async () => {
    const { page } = await open("/demo-salon/admin");
    await standIn(page);
    await signIn(page);
    for (let tabs = 0; tabs < 12 && (await page.evaluate(() => document.activeElement?.getAttribute("role"))) !== "gridcell"; tabs++)
      await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("gridcell");
    await page.keyboard.press("Control+Home");
    expect(await activeName(page)).toBe(`Ada, ${dateWords}, 08:00: free`);
    await page.keyboard.press("PageDown");
    await page.keyboard.press("PageDown");
    expect(await activeName(page)).toBe(`Ada, ${dateWords}, 10:00: Kari Nordmann, booked`);
    await page.keyboard.press("ArrowRight");
    expect(await activeName(page)).toBe(`Bo, ${dateWords}, 10:00: free`);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Appointment ${dateWords} 10:00–11:00` });
    await dialog.getByText("41234567 · kari@example.com").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("a block dragged to another staff member's time is moved there", async () => {
    const { page } = await open("/demo-salon/admin");
    const api = await standIn(page);
    await signIn(page);
    await page.setViewportSize({ width: 1280, height: 1000 });
    const block = page.locator(".admin-drag").first();
    await block.scrollIntoViewIfNeeded();
    const target = cell(page, `Bo, ${dateWords}, 11:30: free`);
    const from = (await block.boundingBox())!;
    const to = (await target.boundingBox())!;
    // A person's drag: press off the block's centre (a press exactly there is what react-aria
    // reads as a touch screen reader's, its accessible drag mode), move a little, then over the slot.
    await page.mouse.move(from.x + 12, from.y + 8);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 20, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2 + 3, to.y + to.height / 2 + 3, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(() => api.calls.find((call) => call.path === "/api/admin/appointments/7/move"))
      .toEqual({
        method: "POST",
        path: "/api/admin/appointments/7/move",
        body: { start: instantAt(TODAY, "11:30", "Europe/Oslo"), staffMemberId: 2 },
        csrf: "csrf-token-1",
      });
    await page.context().close();
  });

  it("a Read-only staff member sees the day and the appointment, and nothing that changes them", async () => {
    const readOnly: Role = {
      ...OWNER_ROLE,
      name: "View only",
      appointments: "read",
      settings: "none",
      statistics: "none",
      administration: "none",
    };
    const { page } = await open("/demo-salon/admin");
    await standIn(page, { session: sessionFor(readOnly) });
    await page.getByRole("grid").waitFor();
    expect(await page.locator(".admin-drag").count()).toBe(0);
    await cell(page, `Bo, ${dateWords}, 14:00: free`).click();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await cell(page, `Ada, ${dateWords}, 10:00: Kari Nordmann, booked`).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Kari Nordmann").first().waitFor();
    for (const name of ["Move", "Cancel appointment", "Mark as arrived", "Mark as no-show"])
      expect(await dialog.getByRole("button", { name }).count()).toBe(0);
    await page.context().close();
  });

  it("is axe-clean in the visitor's dark theme too: the day and an appointment's panel", async () => {
    const { page } = await open("/demo-salon/admin");
    await page.emulateMedia({ colorScheme: "dark" });
    await standIn(page);
    await signIn(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(18, 18, 18)");
    const found = [...(await axeViolations(page))];
    await cell(page, `Ada, ${dateWords}, 10:00: Kari Nordmann, booked`).click();
    await page.getByRole("dialog").getByText("41234567 · kari@example.com").waitFor();
    found.push(...(await axeViolations(page)));
    expect(found).toEqual([]);
    await page.context().close();
  });

  tour("the day, the week, an appointment's panel, a new booking", "/demo-salon/admin", async (page, check) => {
    await standIn(page);
    await signIn(page);
    await check("day");
    await page.getByRole("combobox", { name: "View" }).selectOption("week");
    await page.getByRole("heading", { name: "The week of Ada" }).waitFor();
    await page.getByRole("grid").waitFor();
    await check("week");
    await page.getByRole("combobox", { name: "View" }).selectOption("day");
    await cell(page, `Ada, ${dateWords}, 10:00: Kari Nordmann, booked`).click();
    await page.getByRole("dialog").getByText("41234567 · kari@example.com").waitFor();
    await check("appointment panel");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await cell(page, `Bo, ${dateWords}, 14:00: free`).click();
    await page
      .getByRole("dialog", { name: `New booking ${dateWords} 14:00 with Bo` })
      .getByRole("option", { name: "Haircut" })
      .waitFor({ state: "attached" });
    await check("new booking");
  });
});
