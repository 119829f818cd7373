import type { Locator } from "playwright-core";
import type { ThrottledPage } from "./mobile-page.ts";
import { timelineBefore } from "./request-timeline.ts";

/** The steps of the scripted booking, each from a tap to what the next step shows. */
export const BOOKING_STEPS = [
  "service → its extras dialog",
  "Choose (extras) → Continue (1)",
  "Continue (1) → staff list",
  "any staff member → hour list",
  "an hour → your information",
  "phone number, Continue → password",
  "Log in → logged in",
  "Continue → confirm",
  "Book appointment → receipt",
] as const;

export interface StepSample {
  ms: number;
  /** Round trips in series between the tap and the next step on screen (0: none waited on). */
  depth: number;
  /** Requests started in that time. */
  requests: number;
}

export interface BookingSample {
  steps: StepSample[];
  /** From the tap on the service to the first hour on screen. */
  hours: number;
  /** From the tap on the service to the receipt. */
  receipt: number;
  /** Bytes over the wire from the tap on the service to the receipt. */
  bytesAfterFirstScreen: number;
  /** Long tasks (over 50 ms) from the tap on the service to the receipt, and their time. */
  longTasks: number;
  longTaskMs: number;
}

/**
 * A scripted booking at demo-salon by its demo customer on `phone`, once the widget has
 * taken over its first screen: the service (extras: none), any staff member, the first
 * hour offered, password login, consent, book. Each step is timed from its tap to the
 * next step's control on screen; the requests between are read as a waterfall.
 */
export async function scriptedBooking(phone: ThrottledPage, url: string, row: string): Promise<BookingSample> {
  const { page } = phone;
  await phone.firstRow(url);
  await phone.takeover();
  const pageStart = await page.evaluate(() => performance.now());
  const started = performance.now();
  const steps: StepSample[] = [];
  const step = async (tap: () => Promise<void>, next: Locator) => {
    const from = performance.now();
    await tap();
    await next.waitFor({ timeout: 60_000 });
    const to = performance.now();
    const between = phone
      .requests()
      .filter((request) => request.start >= from && request.start <= to)
      .map((request) => ({ ...request, start: request.start - from, end: request.end === undefined ? undefined : request.end - from }));
    // Depth as on the first screen, less the page's own request (there is none here).
    const { depth, requests } = timelineBefore(between, to - from);
    steps.push({ ms: to - from, depth, requests });
    return to;
  };

  const extras = page.getByRole("dialog", { name: `Add extras to ${row}?` });
  await step(() => page.getByRole("button", { name: row }).click(), extras);
  const continueOne = page.getByRole("button", { name: "Continue (1)" });
  await step(() => extras.getByRole("button", { name: "Choose" }).click(), continueOne);
  const anyone = page.getByRole("button", { name: /Any staff member/ });
  await step(() => continueOne.click(), anyone);
  const hour = page.getByRole("button", { name: /^\d{1,2}:\d{2}( [AP]M)?$/ }).first();
  const hoursShown = await step(() => anyone.click(), hour);
  const phoneNumber = page.getByRole("textbox", { name: "Phone number" });
  await step(() => hour.click(), phoneNumber);
  await phoneNumber.fill("2125550123");
  const password = page.getByLabel("Password");
  await step(() => page.getByRole("button", { name: "Continue" }).click(), password);
  await password.fill("salon-demo-1");
  await step(() => page.getByRole("button", { name: "Log in" }).click(), page.getByText(/^Logged in as Taylor Brooks/));
  const consent = page.getByRole("checkbox", { name: /at least 24 hours in advance/ });
  await step(() => page.getByRole("button", { name: "Continue" }).click(), consent);
  await consent.check();
  const receiptShown = await step(
    () => page.getByRole("button", { name: "Book appointment" }).click(),
    page.getByText("Thank you for your booking!"),
  );

  const after = phone.requests().filter((request) => request.start >= started);
  const longTasks = await phone.longTasks(pageStart);
  return {
    steps,
    hours: hoursShown - started,
    receipt: receiptShown - started,
    bytesAfterFirstScreen: after.reduce((sum, request) => sum + request.bytes, 0),
    longTasks: longTasks.length,
    longTaskMs: longTasks.reduce((sum, task) => sum + task.duration, 0),
  };
}
