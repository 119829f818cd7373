import type { Locator } from "playwright-core";
import { type Shown, stepOnScreen, type ThrottledPage } from "./mobile-page.ts";
import { timelineBefore } from "./request-timeline.ts";
import { percentile } from "./statistics.ts";

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
  /** From the tap (its pointerdown) to the frame that shows the next step's control, on the page's clock. */
  ms: number;
  /** Round trips in series between the tap and the next step on screen (0: none waited on). */
  depth: number;
  /** Requests started in that time. */
  requests: number;
  /** Their addresses, with start and end (ms from the tap): printed with BENCH_DEBUG=1. */
  asked: string[];
}

export interface BookingSample {
  steps: StepSample[];
  /** The waits after the taps from the service to the first hour list (service, extras, Continue, any staff member), added. */
  hours: number;
  /** The waits after every tap of the booking, added. */
  receipt: number;
  /** Bytes over the wire from the tap on the service to the receipt. */
  bytesAfterFirstScreen: number;
  /** Long tasks (over 50 ms) from the tap on the service to the receipt, and their time. */
  longTasks: number;
  longTaskMs: number;
  /** Of those, the ones that overlap a tap's wait for its next step (what the visitor waits through), and their time. */
  longTasksWaited: number;
  longTaskMsWaited: number;
  /** Every interaction of the booking by Event Timing (INP's measure, tap to next paint): the worst and the 75th percentile. */
  interactionWorst: number;
  interactionP75: number;
}

// In the page: notes each pointerdown's time, and, frame by frame, when `shown` is first
// on screen. A string, not a function: tsx would wrap a function's body in helpers the page lacks.
const watchStep = (shown: Shown) => `void (window.bwStepShown = new Promise((resolve, reject) => {
  const until = performance.now() + 60000;
  const found = ${stepOnScreen(shown)};
  let tapped;
  addEventListener("pointerdown", (event) => { tapped ??= event.timeStamp; }, { capture: true, once: true });
  const frame = () => {
    if (tapped !== undefined && found()) {
      (window.bwWaits ??= []).push([tapped, performance.now()]);
      return resolve(performance.now() - tapped);
    }
    if (performance.now() > until) return reject(new Error(${JSON.stringify(`not on screen within 60 s: ${shown.selector} ${shown.text}`)} + (tapped === undefined ? " (no tap seen)" : "")));
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}))`;

/**
 * A scripted booking at demo-salon by its demo customer on `phone`, once the widget has
 * taken over its first screen: the service (extras: none), any staff member, the first
 * hour offered, password login, consent, book. Each tap is a mouse click at the
 * control's place (no automation waits inside the timed part), timed in the page from
 * its pointerdown to the first frame that shows the next step's control; the requests
 * between are read as a waterfall.
 */
export async function scriptedBooking(phone: ThrottledPage, url: string, row: string): Promise<BookingSample> {
  const { page } = phone;
  await phone.firstRow(url);
  await phone.takeover();
  const pageStart = await page.evaluate(() => performance.now());
  const started = performance.now();
  const steps: StepSample[] = [];
  const step = async (control: Locator, next: Shown) => {
    await control.waitFor({ timeout: 60_000 });
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    await page.evaluate(watchStep(next));
    const from = performance.now();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const ms = await page
      .evaluate(() => (window as unknown as { bwStepShown: Promise<number> }).bwStepShown)
      .catch(async (error: Error) => {
        // Say what the visitor saw instead, and the last answers.
        const shown = await page
          .locator("booking-widget")
          .first()
          .ariaSnapshot()
          .catch(() => "(no snapshot)");
        const last = phone
          .requests()
          .slice(-6)
          .map((request) => request.url);
        throw new Error(`${error.message}\nthe widget showed:\n${shown}\nlast requests:\n${last.join("\n")}`);
      });
    const to = performance.now();
    const between = phone
      .requests()
      .filter((request) => request.start >= from && request.start <= to)
      .map((request) => ({ ...request, start: request.start - from, end: request.end === undefined ? undefined : request.end - from }));
    const { depth, requests } = timelineBefore(between, to - from);
    const asked = between.map(
      (request) => `${Math.round(request.start)}–${request.end === undefined ? "…" : Math.round(request.end)} ms ${request.url}`,
    );
    steps.push({ ms, depth, requests, asked });
  };
  const hour = /^\d{1,2}:\d{2}( [AP]M)?$/;

  await step(page.getByRole("button", { name: row }), { selector: "dialog[open] h2", text: `^Add extras to ${row}\\?$` });
  await step(page.getByRole("dialog").getByRole("button", { name: "Choose" }), { selector: "button", text: "^Continue \\(1\\)$" });
  await step(page.getByRole("button", { name: "Continue (1)" }), { selector: "button", text: "Any staff member" });
  await step(page.getByRole("button", { name: /Any staff member/ }), { selector: "button", text: hour.source });
  await step(page.getByRole("button", { name: hour }).first(), { selector: "input", text: "^Phone number" });
  await page.getByRole("textbox", { name: "Phone number" }).fill("2125550123");
  // The held-time line has its answer (in builds before it kept its room on a phone, the
  // answer moved the form, and a tap measured before it missed its button).
  await page
    .getByRole("status")
    .filter({ hasText: /held for you/ })
    .waitFor({ timeout: 60_000 });
  await step(page.getByRole("button", { name: "Continue" }), { selector: "input[type=password]", text: "Password" });
  await page.getByLabel("Password").fill("salon-demo-1");
  await step(page.getByRole("button", { name: "Log in" }), { selector: "p, div, span", text: "^Logged in as Taylor Brooks" });
  await step(page.getByRole("button", { name: "Continue" }), { selector: "input[type=checkbox]", text: "at least 24 hours in advance" });
  await page.getByRole("checkbox", { name: /at least 24 hours in advance/ }).check();
  await step(page.getByRole("button", { name: "Book appointment" }), { selector: "h2, h3, p", text: "^Thank you for your booking!" });

  const after = phone.requests().filter((request) => request.start >= started);
  const longTasks = await phone.longTasks(pageStart);
  // The tasks a visitor waits through: those that overlap a tap's wait for its next step
  // (not the bench's own work between taps, finding the next control).
  const waitsInPage = await page.evaluate(() => (window as unknown as { bwWaits: [number, number][] }).bwWaits);
  const waited = longTasks.filter((task) => waitsInPage.some(([from, to]) => task.start < to && task.start + task.duration > from));
  const latencies = await phone.interactions(pageStart);
  const waits = steps.map((sample) => sample.ms);
  return {
    steps,
    hours: waits.slice(0, 4).reduce((sum, ms) => sum + ms, 0),
    receipt: waits.reduce((sum, ms) => sum + ms, 0),
    bytesAfterFirstScreen: after.reduce((sum, request) => sum + request.bytes, 0),
    longTasks: longTasks.length,
    longTaskMs: longTasks.reduce((sum, task) => sum + task.duration, 0),
    longTasksWaited: waited.length,
    longTaskMsWaited: waited.reduce((sum, task) => sum + task.duration, 0),
    interactionWorst: Math.max(...latencies),
    interactionP75: percentile(latencies, 75),
  };
}
