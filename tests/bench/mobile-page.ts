import type { Browser, BrowserContext, Page } from "playwright-core";
import type { TimedRequest } from "./request-timeline.ts";

/**
 * Lighthouse's mobile profile as the issue measures it: 150 ms round trip, 1.6 Mbps
 * down, 750 kbps up, the CPU four times slower; a 360 × 740 phone screen.
 */
export const MOBILE_PROFILE = { latencyMs: 150, downBitsPerSecond: 1_600_000, upBitsPerSecond: 750_000, cpuSlowdown: 4 };

/** A fresh browser context: its own empty HTTP cache and storage (a cold visit). */
export function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: "en-US" });
}

// Runs in the page before its own scripts: notes when a button reading `name` is first
// visible inside a shadow root (the widget's service row, or the floor page's copy).
// A string, not a function: tsx would wrap a function's body in helpers the page lacks.
const watchForRow = (name: string) => `(() => {
  const probe = () => {
    for (const host of document.querySelectorAll("booking-widget, [data-floor]")) {
      for (const button of host.shadowRoot?.querySelectorAll("button") ?? []) {
        if (button.textContent.includes(${JSON.stringify(name)}) && button.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && button.getBoundingClientRect().height > 0) {
          window.bwFirstRow = performance.now();
          return;
        }
      }
    }
    requestAnimationFrame(probe);
  };
  requestAnimationFrame(probe);
})();`;

export interface ThrottledPage {
  page: Page;
  /** Opens `url` and answers when the row showed (ms after navigation) and the requests of that load. */
  firstRow(url: string): Promise<{ at: number; requests: TimedRequest[] }>;
}

/** A page of `context` under the mobile profile, which records each load's requests. */
export async function throttledPage(context: BrowserContext, rowName: string): Promise<ThrottledPage> {
  const page = await context.newPage();
  await page.addInitScript(watchForRow(rowName));
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
  cdp.on("Network.requestWillBeSent", (event) => {
    if (loadStart === undefined && event.type === "Document") loadStart = event.timestamp;
    seen.set(event.requestId, { url: event.request.url, start: event.timestamp, bytes: 0 });
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = seen.get(event.requestId);
    if (request) Object.assign(request, { end: event.timestamp, bytes: event.encodedDataLength });
  });
  cdp.on("Network.loadingFailed", (event) => {
    const request = seen.get(event.requestId);
    if (request) request.end = event.timestamp;
  });

  return {
    page,
    async firstRow(url) {
      seen = new Map();
      loadStart = undefined;
      await page.goto(url, { waitUntil: "commit" });
      await page.waitForFunction(() => (window as { bwFirstRow?: number }).bwFirstRow !== undefined, null, { timeout: 60_000, polling: 100 });
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
  };
}
