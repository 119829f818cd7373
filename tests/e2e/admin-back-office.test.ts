import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { fromZoned } from "../../src/contract/zoned-time.ts";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { bookingPage, hoursFor } from "../support/booking-helpers.ts";
import { httpApi } from "../support/test-api.ts";
import { baseUrl } from "./base-url.ts";
import { unexpected, usePages } from "./booking-support.ts";

// Issue 59 in Chromium against the real server (its demo seed's back-office people): the
// owner signs in on a phone, sees two staff members' bookings on a day, moves one with the
// Change time form (after which the widget's hours offer the old time again) and books a
// customer on the phone in a tapped free slot; the view-only staff member sees the day and
// no way to change it, and the API refuses them when asked directly.

const base = baseUrl();
const open = usePages();
const api = httpApi(base);
const OWNER = { email: "owner@demo-salon.example", password: "demo-owner-password" };
const STAFF = { email: "staff@demo-salon.example", password: "demo-staff-password" };

let salon: Provider;
let haircut: Service;
let consultation: Service;
/** The day of the bookings, in the page's zone. */
let day: string;
const staffIds: Record<string, number> = {};
/** Where the two bookings start (HH:MM), by staff member's first name. */
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

/** The day's free starts (HH:MM) of a service with one staff member, as the widget asks them. */
const freeTimes = async (service: Service, staffMemberId: number) =>
  (await hoursFor(api, salon, service, { staffMemberId }, day)).hoursToBook.map((hour) => hour.backendLabel);
const instant = (time: string) => fromZoned(day, time, salon.timeZone).toISOString();

beforeAll(async () => {
  ({ provider: salon } = await bookingPage(api, "demo-salon"));
  const { services } = await bookingPage(api, "demo-salon");
  haircut = services["Men's haircut"]!;
  consultation = services.Consultation!;
  day = haircut.firstAvailable!;
  const owner = await adminSession(OWNER);
  const answer = (await (await owner("GET", `/admin/day?date=${day}`)).json()) as {
    columns: { staffMember: { id: number; name: string } }[];
  };
  for (const { staffMember } of answer.columns) staffIds[staffMember.name.split(" ")[0]!] = staffMember.id;
  // Two bookings on the day, one for each of two staff members, made on the phone by the owner.
  for (const [who, service, name] of [
    ["Sam", haircut, "Hanne Haircut"],
    ["Alex", consultation, "Carl Consult"],
  ] as const) {
    const [first] = await freeTimes(service, staffIds[who]!);
    bookedAt[who] = first!;
    const booked = await owner("POST", "/admin/appointments", {
      staffMemberId: staffIds[who],
      start: instant(first!),
      services: [{ serviceId: service.id }],
      customer: { name, phone: who === "Sam" ? "41230001" : "41230002" },
    });
    expect(booked.status).toBe(201);
  }
});

async function signIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.getByRole("textbox", { name: "E-mail" }).fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("grid").waitFor();
  await page.goto(`${base}/demo-salon/admin/?date=${day}`);
  await page.getByRole("grid").waitFor();
}

const bookedCell = (page: Page, staff: string, customer: string) =>
  page.getByRole("gridcell", { name: new RegExp(`^${staff}[^,]*, .*: ${customer}, booked$`) });

describe("the back office against the real API, on a phone", () => {
  it("the owner sees two staff members' bookings, moves one with Change time (its old time is offered again) and books a caller in a free slot", async () => {
    const { page, errors } = await open("/demo-salon/admin");
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, OWNER);
    await bookedCell(page, "Sam", "Hanne Haircut").first().waitFor();
    await bookedCell(page, "Alex", "Carl Consult").first().waitFor();

    const oldTime = bookedAt.Sam!;
    const newTime = (await freeTimes(haircut, staffIds.Sam!)).at(-1)!;
    await bookedCell(page, "Sam", "Hanne Haircut").first().click();
    const dialog = page.getByRole("dialog", { name: /^Appointment / });
    const form = dialog.getByRole("form", { name: "Change time" });
    await form.getByLabel("Start").fill(newTime!);
    await form.getByRole("button", { name: "Move" }).click();
    await dialog.getByText(new RegExp(`^Moved to .* ${newTime} with Sam`)).waitFor();
    expect(await freeTimes(haircut, staffIds.Sam!)).toContain(oldTime);
    expect(await freeTimes(haircut, staffIds.Sam!)).not.toContain(newTime);
    await page.keyboard.press("Escape");

    // A tap on a free slot starts a booking there, for a caller who is new.
    await page.getByRole("gridcell", { name: new RegExp(`^Sam[^,]*, .*, ${oldTime}: free$`) }).click();
    const booking = page.getByRole("dialog", { name: new RegExp(`^New booking .* ${oldTime} with Sam`) });
    await booking.getByRole("option", { name: "Men's haircut", exact: true }).waitFor({ state: "attached" });
    await booking.getByRole("combobox", { name: "Service" }).selectOption({ label: "Men's haircut" });
    await booking.getByRole("textbox", { name: "Customer's name" }).fill("Petra Phone");
    await booking.getByRole("textbox", { name: "Phone" }).fill("41230003");
    await booking.getByRole("button", { name: "Book for the new customer" }).click();
    await bookedCell(page, "Sam", "Petra Phone").first().waitFor();
    expect(await freeTimes(haircut, staffIds.Sam!)).not.toContain(oldTime);
    // The app's first question, who is signed in, is answered 401 before sign-in: the browser logs that one.
    expect(unexpected(errors).filter((error) => !/status of 401/.test(error))).toEqual([]);
    await page.context().close();
  });

  it("a view-only staff member sees their day and no way to change it; the API refuses them a change", async () => {
    const { page } = await open("/demo-salon/admin");
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, STAFF);
    await bookedCell(page, "Alex", "Carl Consult").first().click();
    const dialog = page.getByRole("dialog", { name: /^Appointment / });
    await dialog.getByText("Carl Consult").first().waitFor();
    for (const action of ["Cancel appointment", "Move", "Arrived", "No-show"])
      expect(await dialog.getByRole("button", { name: action }).count()).toBe(0);
    await page.context().close();

    const staff = await adminSession(STAFF);
    const { columns } = (await (await staff("GET", `/admin/day?date=${day}`)).json()) as {
      columns: { days: { appointments: { id: number }[] }[] }[];
    };
    const [mine] = columns.flatMap((column) => column.days.flatMap((one) => one.appointments));
    expect((await staff("POST", `/admin/appointments/${mine!.id}/cancel`, {})).status).toBe(403);
  });
});
