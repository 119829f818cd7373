import type { Browser, BrowserContext, Page } from "playwright-core";
import type { TimedRequest } from "./request-timeline.ts";

/**
 * Lighthouse's mobile profile as the issue measures it: 150 ms round trip, 1.6 Mbps
 * down, 750 kbps up, the CPU four times slower; a 360 × 740 phone screen.
 */
export const MOBILE_PROFILE = { latencyMs: 150, downBitsPerSecond: 1_600_000, upBitsPerSecond: 750_000, cpuSlowdown: 4 };

/** A fresh browser context: its own empty HTTP cache and storage (a cold visit). */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
  });
}

/**
 * What the page logs when the row first shows. The bench waits for it rather than polling
 * with waitForFunction, whose first call compiles Playwright's injected script on the
 * page's main thread (~150 ms at 4× CPU) while the page is still building its first screen.
 */
const FIRST_ROW_SIGNAL = "bench: first row";

// Runs in the page before its own scripts: notes when a button reading `name` is first
// visible inside a shadow root (the widget's service row, or the floor page's copy);
// when such a button first takes a tap (enabled: a painted row once the host page notes
// taps, the widget's own at once); when a new such button replaces it (the widget's own
// render taking over a painted first screen); and whether the row was ever missing in
// between (a blink).
// A string, not a function: tsx would wrap a function's body in helpers the page lacks.
export const watchForRow = (name: string) => `(() => {
  const FIRST_ROW_SIGNAL = ${JSON.stringify(FIRST_ROW_SIGNAL)};
  let shown = null;
  const visibleRow = () => {
    for (const host of document.querySelectorAll("booking-widget, [data-floor]")) {
      for (const button of host.shadowRoot?.querySelectorAll("button") ?? []) {
        if (button.textContent.includes(${JSON.stringify(name)}) && button.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && button.getBoundingClientRect().height > 0) return button;
      }
    }
    return null;
  };
  const probe = () => {
    const row = visibleRow();
    if (row && !shown) {
      window.bwFirstRow = performance.now();
      console.debug(FIRST_ROW_SIGNAL);
    }
    if (row && !row.disabled && window.bwRowEnabled === undefined) window.bwRowEnabled = performance.now();
    if (row && shown && row !== shown) window.bwTakeover = performance.now();
    if (!row && shown) window.bwRowLost = true;
    if (row) shown = row;
    if (performance.now() < 30000 && window.bwTakeover === undefined) requestAnimationFrame(probe);
  };
  requestAnimationFrame(probe);
})();`;

/**
 * In the page: the widget has taken over its element (defined, and React's root the
 * shadow root's only child, with its buttons): a painted first screen is gone.
 */
export const widgetTookOver = () => {
  const root = document.querySelector("booking-widget")?.shadowRoot;
  const children = [...(root?.children ?? [])];
  // React's root alone: not the loader's painted copy (a fieldset.bw-painted, also alone in its root).
  return (
    customElements.get("booking-widget") !== undefined &&
    children.length === 1 &&
    !children[0]!.classList.contains("bw-painted") &&
    children[0]!.querySelector("button") !== null
  );
};

/** In the page: long tasks (over 50 ms, the INP proxy), noted from the start. */
export const watchLongTasks = `(() => {
  window.bwLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.bwLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
})();`;

/** A request as seen from the bench (times in ms of the bench's own clock, performance.now()). */
export interface LoggedRequest {
  url: string;
  start: number;
  end: number | undefined;
  bytes: number;
}

export interface ThrottledPage {
  page: Page;
  /** Every request of the page since it opened, on the bench's clock. */
  requests(): LoggedRequest[];
  /** Long tasks the page noted after `since` (ms of the page's own clock). */
  longTasks(since: number): Promise<{ start: number; duration: number }[]>;
  /** Opens `url` and answers when the row showed (ms after navigation) and the requests of that load. */
  firstRow(url: string): Promise<{ at: number; requests: TimedRequest[] }>;
  /**
   * After firstRow: when the widget's own row replaced a painted one (or the row's time),
   * when the row first took a tap, and whether the row ever went missing.
   */
  takeover(): Promise<{ at: number; enabled: number; blinked: boolean }>;
}

/** A page of `context` under the mobile profile, which records each load's requests. */
export async function throttledPage(context: BrowserContext, rowName: string): Promise<ThrottledPage> {
  const page = await context.newPage();
  await page.addInitScript(watchForRow(rowName));
  await page.addInitScript(watchLongTasks);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: MOBILE_PROFILE.latencyMs,
    downloadThroughput: MOBILE_PROFILE.downBitsPerSecond / 8,
    uploadThroughput: MOBILE_PROFILE.upBitsPerSecond / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: MOBILE_PROFILE.cpuSlowdown });

  // CDP times are seconds on a monotonic clock; a load's start is its document request.
  let loadStart: number | undefined;
  let seen = new Map<string, { url: string; start: number; end?: number; bytes: number }>();
  const logged = new Map<string, LoggedRequest>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (loadStart === undefined && event.type === "Document") loadStart = event.timestamp;
    seen.set(event.requestId, { url: event.request.url, start: event.timestamp, bytes: 0 });
    logged.set(event.requestId, { url: event.request.url, start: performance.now(), end: undefined, bytes: 0 });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = seen.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
    const log = logged.get(event.requestId);
    if (log) Object.assign(log, { end: performance.now(), bytes: event.encodedDataLength });
  });
  cdp.on("Network.loadingFailed", (event) => {
    const request = seen.get(event.requestId);
    if (request) request.end = event.timestamp;
    const log = logged.get(event.requestId);
    if (log) log.end = performance.now();
  });

  return {
    page,
    requests: () => [...logged.values()],
    longTasks: (since) =>
      page.evaluate(
        (from) =>
          (window as unknown as { bwLongTasks: { start: number; duration: number }[] }).bwLongTasks.filter((task) => task.start >= from),
        since,
      ),
    async firstRow(url) {
      seen = new Map();
      loadStart = undefined;
      const shown = page.waitForEvent("console", { predicate: (message) => message.text() === FIRST_ROW_SIGNAL, timeout: 60_000 });
      await page.goto(url, { waitUntil: "commit" });
      await shown;
      const at = await page.evaluate(() => (window as { bwFirstRow?: number }).bwFirstRow!);
      const start = loadStart ?? 0;
      const requests = [...seen.values()].map((request) => ({
        url: request.url,
        start: (request.start - start) * 1000,
        end: request.end === undefined ? undefined : (request.end - start) * 1000,
        bytes: request.bytes,
      }));
      return { at, requests };
    },
    async takeover() {
      // A painted row is replaced by the widget's; a row the widget drew itself is its own.
      // The widget has taken over once its element is defined and only React's root is left.
      await page.waitForFunction(widgetTookOver, null, { timeout: 60_000, polling: 50 });
      await page.waitForTimeout(100);
      return page.evaluate(() => {
        const w = window as { bwFirstRow?: number; bwTakeover?: number; bwRowEnabled?: number; bwRowLost?: boolean };
        return { at: w.bwTakeover ?? w.bwFirstRow!, enabled: w.bwRowEnabled ?? w.bwFirstRow!, blinked: w.bwRowLost === true };
      });
    },
  };
}
