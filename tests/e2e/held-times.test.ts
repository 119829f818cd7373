import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { TEST_NOW } from "../support/test-clock.ts";
import { holdRequests } from "./browser.ts";
import {
  chooseFirstHour,
  clinicToConfirm,
  fill,
  holdClinicTimesUntilLimited,
  leave,
  nextBooking,
  releaseClinicHolds,
  stillOffered,
  unexpected,
  usePages,
  waitForCode,
} from "./booking-support.ts";

// Held times (issue 18; the API extension in demo/api/holds/README.md): a chosen time is
// held for ten minutes, other visitors see it taken, the holder sees how long it is kept.

const open = usePages();
// The page's clock in its format, named by the page's place for a visitor elsewhere ("16:25 Chicago time", "9:25 AM Mexico City time").
const HELD = /^This time is held for you until (\d{2}:\d{2}|\d{1,2}:\d{2} [AP]M)( [A-Z][A-Za-z ]* time)?\.$/;
/** The visitor's status sentence about the held time (empty when there is nothing to say). */
const holdStatus = (page: Page) => page.getByRole("status").filter({ hasText: /held|hold/ });
/** Chromium logs each refused call; the 409 of a taken time and the 429 of the limit are answers the widget handles. */
/** The hour buttons of the shown day. */
const hourButtons = (page: Page) =>
  page.getByRole("region", { name: /^(Available times|Hours on) / }).getByRole("button", { name: /^\d{1,2}:\d{2}( [AP]M)?$/ });
const refusedHolds = (errors: string[]) => unexpected(errors).filter((error) => !/status of (409|429)/.test(error));

async function spaToTimes(page: Page) {
  await page.getByRole("heading", { level: 2 }).first().waitFor();
  await page.getByRole("combobox", { name: "Idioma" }).selectOption("en");
  await page.getByRole("button", { name: "Masaje relajante" }).click();
  await page.getByRole("button", { name: "Continue (1)" }).click();
  await page.getByRole("button", { name: /Lucía Pérez/ }).click();
  await hourButtons(page).first().waitFor();
}

describe("held times", () => {
  it.each([1280, 360])(
    "the held-time line keeps its room while the hold is asked for: its answer does not move the form under a tap (%i px wide)",
    async (width) => {
      const { page, errors } = await open("/demo-spa");
      await page.setViewportSize({ width, height: 740 });
      await spaToTimes(page);
      const release = await holdRequests(page, "**/api/Appointment/hold");
      await hourButtons(page).first().click();
      const phone = page.getByRole("textbox", { name: "Phone number" });
      await phone.waitFor();
      const before = (await phone.boundingBox())!.y;
      release();
      await expect.poll(() => holdStatus(page).textContent(), { timeout: 20_000 }).toMatch(HELD);
      expect((await phone.boundingBox())!.y).toBe(before);
      expect(refusedHolds(errors)).toEqual([]);
      // The time goes back: the next tests hold from the same address.
      await leave(page);
    },
  );

  it("two visitors race for one time: the second learns it is taken the moment they choose it, the first books without surprise", async () => {
    const first = await open("/demo-spa");
    const second = await open("/demo-spa");
    await spaToTimes(first.page);
    await spaToTimes(second.page);
    // Both see the same first time of Lucía's first free day.
    const time = await hourButtons(second.page).first().textContent();
    expect(await chooseFirstHour(first.page)).toBe(time);
    await expect(holdStatus(first.page).textContent()).resolves.toMatch(HELD);
    await expect(first.page.getByText(/^(10:00|9:\d{2}) left$/).isVisible()).resolves.toBe(true);

    // The second visitor still has it on screen from before, and chooses it.
    await hourButtons(second.page)
      .filter({ hasText: new RegExp(`^${time}$`) })
      .click();
    await second.page.getByText("Someone else has just taken this time. Please choose another time.").waitFor();
    await second.page.getByRole("heading", { level: 2, name: "Select time" }).waitFor();
    await hourButtons(second.page).first().waitFor();
    await expect
      .poll(() =>
        hourButtons(second.page)
          .filter({ hasText: new RegExp(`^${time}$`) })
          .count(),
      )
      .toBe(0);

    // The first visitor goes on and books it.
    await fill(first.page, "Name", "Hilde Holder");
    await fill(first.page, "Phone number", "5512340001");
    await fill(first.page, "Email", "hilde@example.com");
    await first.page.getByRole("button", { name: "Continue" }).click();
    await first.page.getByRole("table", { name: "Your booking" }).waitFor();
    await expect(holdStatus(first.page).textContent()).resolves.toMatch(HELD);
    await first.page.getByRole("checkbox", { name: /can only be cancelled or changed at least 48 hours/ }).check();
    const booked = nextBooking(first.page);
    await first.page.getByRole("button", { name: "Book appointment" }).click();
    await fill(first.page, "Code", await waitForCode("5512340001"));
    await first.page.getByRole("button", { name: "Verify" }).click();
    await first.page.getByText("Thank you for your booking!").waitFor({ timeout: 20_000 });
    expect(await stillOffered(await booked)).toBe(false);
    expect(refusedHolds(first.errors)).toEqual([]);
    expect(refusedHolds(second.errors)).toEqual([]);
    await first.page.context().close();
    await second.page.context().close();
  });

  it("a hold that runs out says so, and the visitor holds the time again", async () => {
    const { page, errors } = await open("/demo-clinic");
    // Timers the test can move on, from the instant the server stands at (as the page's fixed Date did).
    await page.clock.install({ time: TEST_NOW });
    await page.reload();
    await page.getByRole("button", { name: "Physiotherapy" }).click();
    await chooseFirstHour(page);
    await page.getByRole("textbox", { name: "Name" }).waitFor();
    await expect(holdStatus(page).textContent()).resolves.toMatch(HELD);
    await page.clock.fastForward("10:01");
    await holdStatus(page)
      .getByText("Your hold on this time has run out. You can still book it as long as no one else takes it.")
      .waitFor();
    await page.getByRole("button", { name: "Hold this time again" }).click();
    await expect.poll(() => holdStatus(page).textContent()).toMatch(HELD);
    await expect(page.getByRole("button", { name: "Hold this time again" }).count()).resolves.toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();
  });

  it("at the network's hold limit the time is not held, the visitor is told and can still go on; once a hold is freed, it holds", async () => {
    const tokens = await holdClinicTimesUntilLimited();
    const { page, errors } = await open("/demo-clinic");
    await page.getByRole("button", { name: "Sports massage" }).click();
    await chooseFirstHour(page);
    await holdStatus(page)
      .getByText("This time is not held for you: too many times are held from your network. You can still book it while it is free.")
      .waitFor();
    await page.getByRole("textbox", { name: "Name" }).waitFor();
    await releaseClinicHolds(tokens);
    await page.getByRole("button", { name: "Hold this time again" }).click();
    await expect.poll(() => holdStatus(page).textContent()).toMatch(HELD);
    expect(refusedHolds(errors)).toEqual([]);
    await page.context().close();
  });

  it("against an API without held times the widget asks once, shows nothing about holding, and books as before", async () => {
    const { page, errors } = await open("/demo-clinic");
    const asked: string[] = [];
    await page.route(/\/api\/Appointment\/hold/, (route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 404, contentType: "application/json", body: JSON.stringify({ message: "No such API route" }) });
    });
    await clinicToConfirm(page, "Physiotherapy", "Nora Nohold", "3125550191", "nora.nohold@example.com");
    // Back to the calendar for another time: still no second question to the API.
    await page.getByRole("button", { name: "Back" }).first().click();
    await page.getByRole("button", { name: "Back" }).first().click();
    await hourButtons(page).nth(1).click();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("table", { name: "Your booking" }).waitFor();
    await expect(holdStatus(page).count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Book appointment" }).click();
    await fill(page, "Code", await waitForCode("nora.nohold@example.com"));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Thank you for your booking!").waitFor({ timeout: 20_000 });
    expect(asked).toHaveLength(1);
    expect(unexpected(errors).filter((error) => !/status of 404/.test(error))).toEqual([]);
    await page.context().close();
  });
});
