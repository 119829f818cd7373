import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testSeed } from "../fixtures/test-seed.ts";
import { addDays } from "../../src/contract/zoned-time.ts";
import { bookForAccount, dateParts } from "../support/booking-helpers.ts";
import { demoToday, expectedFirstDay } from "../support/expected-times.ts";
import { TEST_NOW } from "../support/test-clock.ts";
import { startServer, type StartedServer } from "../support/start-server.ts";
import { seedFile } from "../support/test-seed-file.ts";
import { httpApi } from "../support/test-api.ts";
import { chooseDay, chooseFirstHour, fill, nextBooking, stillOffered, unexpected, usePages, type BookedSlot } from "./booking-support.ts";
import { baseUrl } from "./base-url.ts";

const base = baseUrl();
const open = usePages();
const KARI = { phone: "41234567", password: "frisor-demo-1" };

/** "dd.mm.yyyy kl. HH:MM", as My Page names an appointment in Norwegian. */
const when = (slot: Pick<BookedSlot, "year" | "month" | "day" | "hour" | "minute">) =>
  `${String(slot.day).padStart(2, "0")}.${String(slot.month).padStart(2, "0")}.${slot.year} kl. ${String(slot.hour).padStart(2, "0")}:${String(slot.minute).padStart(2, "0")}`;

/** The My Page code in the newest receipt texted to `phone` by the server at `serverUrl`. */
async function receiptCode(serverUrl: string, phone: string) {
  const [receipt] = await httpApi(serverUrl).outbox(phone);
  return /min-side\?p=\d+&c=(\d{3})/.exec(receipt!.body)![1]!;
}

async function logInWithForm(page: Page, code: string) {
  await fill(page, "Telefonnummer", KARI.phone);
  await fill(page, "Kode", code);
  await page.getByRole("button", { name: "Logg inn" }).click();
}

async function answer(page: Page, dialogName: string | RegExp, button: string) {
  await page.getByRole("dialog", { name: dialogName }).getByRole("button", { name: button }).click();
}

describe("My Page in Chromium (demo-frisor, Norwegian)", () => {
  it("sees the appointment just booked, logs in by link and by form, moves it, cancels it, edits the profile, logs out", async () => {
    // Book Dameklipp as Kari, two days ahead or later (moving it needs 12 hours' notice);
    // the receipt's "Gå til Min side" opens her page, logged in by the kept token.
    const { page, errors } = await open("/demo-frisor");
    await page.getByRole("button", { name: "Dameklipp" }).click();
    const day = expectedFirstDay("demo-frisor", 45, TEST_NOW, addDays(demoToday("demo-frisor"), 2));
    await chooseDay(page, day.iso, "no");
    expect(await chooseFirstHour(page)).toBe(day.times[0]);
    await fill(page, "Telefonnummer", KARI.phone);
    await page.getByRole("button", { name: "Fortsett" }).click();
    await page.getByLabel("Passord").fill(KARI.password);
    await page.getByRole("button", { name: "Logg inn" }).click();
    await page.getByRole("button", { name: "Fortsett" }).click();
    await page.getByRole("checkbox", { name: /senest 12 timer i forveien/ }).check();
    const booked = await Promise.all([nextBooking(page), page.getByRole("button", { name: "Bestill time" }).click()]).then(
      ([slot]) => slot,
    );
    await page.getByRole("link", { name: "Gå til Min side" }).click();
    await page.waitForURL(`${base}/demo-frisor/min-side`);
    await page.getByRole("button", { name: `Flytt Dameklipp, ${when(booked)}` }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await page.context().close();

    // The receipt link (p and c) logs in on a fresh browser; the code leaves the address bar.
    const code = await receiptCode(base, KARI.phone);
    const byLink = await open(`/demo-frisor/min-side?p=${KARI.phone}&c=${code}`);
    await byLink.page.getByRole("button", { name: `Flytt Dameklipp, ${when(booked)}` }).waitFor();
    expect(byLink.page.url()).toBe(`${base}/demo-frisor/min-side`);
    await byLink.page.context().close();

    // The form: a wrong code says "Feil kode/telefonnummer"; the right one logs in.
    const { page: my, errors: myErrors } = await open("/demo-frisor/min-side");
    await logInWithForm(my, code === "999" ? "998" : "999");
    await answer(my, "Feil kode/telefonnummer", "OK");
    await logInWithForm(my, code);
    await my.getByText("Velkommen, Kari Nordmann").waitFor();
    await my.getByText(/Timer kan avbestilles eller flyttes inntil 12 timer før de begynner/).waitFor();

    // Move: the calendar for Dameklipp, the last hour of the day, confirmed.
    await my.getByRole("button", { name: `Flytt Dameklipp, ${when(booked)}` }).click();
    const calendar = my.getByRole("region", { name: /^Velg ny tid for Dameklipp/ });
    const lastHour = calendar.getByRole("button", { name: day.times.at(-1)!, exact: true });
    await lastHour.waitFor();
    const [hour, minute] = day.times.at(-1)!.split(":").map(Number) as [number, number];
    const moved = { ...booked, hour, minute };
    const change = my.waitForResponse((response) => response.url().includes("/Appointment/ChangeAsCustomerAccount") && response.ok());
    await lastHour.click();
    await answer(my, `Flytte Dameklipp til ${when(moved)}?`, "Ja");
    const { staffMemberId } = (await (await change).json()) as { staffMemberId: number };
    await my.getByText("Du har endret timen din").waitFor();
    await my.getByRole("button", { name: `Avbestill Dameklipp, ${when(moved)}` }).waitFor();
    expect(await stillOffered({ ...moved, staffMemberId })).toBe(false);

    // Cancel: asked, done, said; the time is free again.
    await my.getByRole("button", { name: `Avbestill Dameklipp, ${when(moved)}` }).click();
    await answer(my, `Avbestille Dameklipp ${when(moved)}?`, "Ja");
    await my.getByText("Timen din er avbestilt").waitFor();
    await my.getByRole("button", { name: `Avbestill Dameklipp, ${when(moved)}` }).waitFor({ state: "detached" });
    expect(await stillOffered({ ...moved, staffMemberId })).toBe(true);

    // Profile: edited and saved (then put back for the other browser tests), the card shows the answer.
    for (const name of ["Kari Test Nordmann", "Kari Nordmann"]) {
      await my.getByRole("button", { name: "Endre profil" }).click();
      const form = my.getByRole("form", { name: "Din profil" });
      await form.getByRole("textbox", { name: "Navn" }).fill(name);
      await form.getByRole("button", { name: "Lagre profil" }).click();
      await my.getByRole("region", { name: "Din profil" }).getByText(name, { exact: true }).waitFor();
      await my.getByText("Profilen din er lagret").first().waitFor();
    }

    // Log out: the login form again.
    await my.getByRole("button", { name: "Logg ut" }).click();
    await my.getByRole("textbox", { name: "Kode" }).waitFor();
    expect(unexpected(myErrors).filter((error) => !/status of 401/.test(error))).toEqual([]);
    await my.context().close();
  });
});

describe("My Page on a server where demo-frisor asks 8760 hours and has a hostile cancellation text", () => {
  let server: StartedServer;
  beforeAll(async () => {
    const seed = structuredClone(testSeed);
    const frisor = seed.companies.flatMap((company) => company.providers).find((provider) => provider.bookingLink === "demo-frisor")!;
    frisor.hoursToCancel = 8760;
    frisor.cancellationBoxText =
      '<p>Sen avbestilling koster <b>50 %</b>.</p><img src="x" onerror="window.__pwned = true"><script>window.__pwned = true</script>';
    server = await startServer({ SEED_FILE: seedFile(seed) });
  });
  afterAll(() => server?.stop());

  it("shows the sanitized policy; a cancel inside hoursToCancel is refused with the hours, and the appointment stays", async () => {
    const booked = await bookForAccount(httpApi(server.url), "demo-frisor", "Dameklipp", KARI, 2);
    const [hour, minute] = booked.time.split(":").map(Number) as [number, number];
    const slot = { ...dateParts(booked.day.iso), hour, minute };
    const { page } = await open(`${server.url}/demo-frisor/min-side?p=${KARI.phone}&c=${booked.code}`);
    await page.getByRole("button", { name: `Avbestill Dameklipp, ${when(slot)}` }).click();
    // The provider's cancellation text is shown sanitized: its markup stays, its scripts do not run.
    await page.getByText("Timer kan avbestilles eller flyttes inntil 8760 timer før de begynner.").waitFor();
    await expect(page.locator("booking-widget").locator(".bw-my-page__policy-text b").textContent()).resolves.toBe("50 %");
    expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
    await answer(page, "Du kan bare avbestille 8760 timer i forveien", "OK");
    await page.getByRole("button", { name: `Avbestill Dameklipp, ${when(slot)}` }).waitFor();
    const listed = await (
      await httpApi(server.url).request(`/Customer/FetchByToken/${booked.code}/${booked.provider.userId}/${KARI.phone}`)
    ).json();
    expect(listed.appointments.map((a: { id: number }) => a.id)).toContain(booked.id);
    await page.context().close();
  });
});

describe("the place chooser and embedded use", () => {
  it("/velg/demo: each Velg opens its booking page, also from inside an iframe", async () => {
    const pages = [
      ["Velg Demo Salon", "demo-salon", "Women's haircut"],
      ["Velg Demo Physio Clinic", "demo-clinic", "Physiotherapy"],
      ["Velg Demo Frisør", "demo-frisor", "Dameklipp"],
      ["Velg Demo Spa", "demo-spa", "Masaje relajante"],
    ] as const;
    const list = await open("/velg/demo");
    await list.page.getByRole("heading", { name: "Velg sted" }).waitFor();
    const buttons = list.page.getByRole("button", { name: /^Velg / });
    expect(await buttons.evaluateAll((all) => all.map((b) => b.getAttribute("aria-label")))).toEqual(pages.map(([button]) => button));
    await list.page.context().close();
    // A fresh browser each time: a booking page's language (English for the salon) would be remembered.
    for (const [button, link, service] of pages) {
      const { page, errors } = await open("/velg/demo");
      await page.getByRole("button", { name: button }).click();
      await page.waitForURL(`${base}/${link}`);
      await page.getByRole("button", { name: service }).waitFor();
      expect(errors).toEqual([]);
      await page.context().close();
    }
    // Framed: the top window goes to the booking page, not the frame.
    const { page, errors } = await open("/");
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      frame.src = src;
      frame.title = "Velg sted";
      document.body.append(frame);
    }, `${base}/velg/demo`);
    await page.frameLocator("iframe").getByRole("button", { name: "Velg Demo Frisør" }).click();
    await page.waitForURL(`${base}/demo-frisor`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("embedded on a provider's page, booking and My Page switch inside the element and the page's address stays", async () => {
    const { page, errors } = await open("/");
    await page.evaluate(() => {
      history.replaceState(null, "", "/our-salon-site?tab=booking");
      document.body.innerHTML = '<booking-widget company="demo-frisor"></booking-widget>';
      const script = document.createElement("script");
      script.type = "module";
      script.src = "/widget/booking-widget.js";
      document.head.append(script);
    });
    await page.getByRole("link", { name: "Min side" }).click();
    await page.getByRole("heading", { level: 2, name: "Min side" }).waitFor();
    await page.getByRole("textbox", { name: "Kode" }).waitFor();
    await page.getByRole("link", { name: "Bestill ny time" }).click();
    await page.getByRole("button", { name: "Dameklipp" }).waitFor();
    expect(page.url()).toBe(`${base}/our-salon-site?tab=booking`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
