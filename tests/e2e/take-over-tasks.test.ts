import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { watchForRow } from "../bench/mobile-page.ts";
import { baseUrl } from "./base-url.ts";
import { launchBrowser } from "./browser.ts";
import { serveProviderSite } from "./provider-site.ts";
import type { Browser } from "playwright-core";

// Issue 43's guard in CI, not wall-clock: the main thread's tasks from the first row to the
// widget's take-over, each by the CPU time its thread spent in it (a trace's thread
// duration, which a busy machine stretches far less than wall-clock time), at full speed.
// Measured on this machine before the work: the largest were 82 ms (standalone)
// and 74 ms (embedded), the take-over's one render and React's start; after it (a sliced
// render, React compiled off the main thread, "today" from the page's data): 54 and 41 ms.
// The best of two loads counts (a busy machine only adds). The budget comes down with the
// work: lower it when a change lowers the largest task; the test fails when one grows.
const TASK_CPU_BUDGET_MS = 70;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const TAKEOVER_SIGNAL = "bench: took over ";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The page's main-thread tasks (CPU ms each, largest first) from the first row of `url` until the widget has taken over. */
async function takeOverTasks(url: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: "en-US" });
  try {
    const page: Page = await context.newPage();
    await page.addInitScript(watchForRow("Women's haircut"));
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (chunk) => events.push(...(chunk.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.start", {
      categories: "disabled-by-default-devtools.timeline,devtools.timeline,blink.user_timing",
      transferMode: "ReportEvents",
    });
    const tookOver = page.waitForEvent("console", { predicate: (message) => message.text().startsWith(TAKEOVER_SIGNAL), timeout: 60_000 });
    await page.goto(url, { waitUntil: "commit" });
    await tookOver;
    await cdp.send("Tracing.end");
    await complete;
    // The page's renderer main thread: the one that ran its tasks (RunTask) and has that name.
    const main = events.find(
      (event) =>
        event.name === "thread_name" &&
        event.args?.name === "CrRendererMain" &&
        events.some((task) => task.name === "RunTask" && task.pid === event.pid && task.tid === event.tid && (task.dur ?? 0) > 1000),
    );
    expect(main).toBeDefined();
    // From the first row (the probe's mark) to the take-over (its mark): the tasks a tap on the row may wait behind.
    const mark = (name: string) => events.find((event) => event.name === name && event.pid === main!.pid)?.ts;
    const from = mark("bench: first row");
    const to = mark("bench: took over");
    expect(from).toBeDefined();
    expect(to).toBeDefined();
    return events
      .filter((event) => event.name === "RunTask" && event.pid === main!.pid && event.tid === main!.tid && event.tdur !== undefined)
      .filter((event) => event.ts + (event.dur ?? 0) > from! && event.ts < to!)
      .map((event) => event.tdur! / 1000)
      .sort((a, b) => b - a);
  } finally {
    await context.close();
  }
}

/** The tasks of the better of two loads (the one whose largest task is smaller). */
async function bestOfTwo(url: string): Promise<number[]> {
  const first = await takeOverTasks(url);
  const second = await takeOverTasks(url);
  return (first[0] ?? 0) <= (second[0] ?? 0) ? first : second;
}

describe("the main thread while the widget takes over (issue 43)", () => {
  it(`on the standalone page, no task takes more than ${TASK_CPU_BUDGET_MS} ms of CPU from the first row to the take-over`, async () => {
    const tasks = await bestOfTwo(`${baseUrl()}/demo-salon`);
    expect(tasks.length).toBeGreaterThan(0);
    expect(tasks[0], `largest tasks (ms of CPU): ${tasks.slice(0, 5).map(Math.round).join(", ")}`).toBeLessThan(TASK_CPU_BUDGET_MS);
  });

  it(`embedded on a provider's page, no task takes more than ${TASK_CPU_BUDGET_MS} ms of CPU from the first row to the take-over`, async () => {
    const site = await serveProviderSite(`<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body>
      <h1>A provider's own site</h1><booking-widget company="demo-salon"></booking-widget>
      <script type="module" async src="${baseUrl()}/widget/booking-widget.js"></script></body></html>`);
    try {
      const tasks = await bestOfTwo(site.url);
      expect(tasks.length).toBeGreaterThan(0);
      expect(tasks[0], `largest tasks (ms of CPU): ${tasks.slice(0, 5).map(Math.round).join(", ")}`).toBeLessThan(TASK_CPU_BUDGET_MS);
    } finally {
      site.close();
    }
  });
});
