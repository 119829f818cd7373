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
 * What the page logs when the row first shows (with the time and the row's middle), and
 * when the widget has taken over (with the take-over's times). The bench waits for these
 * rather than asking the page (page.evaluate, waitForFunction), whose first call compiles
 * Playwright's injected script on the page's main thread (~150 ms at 4× CPU) in the middle
 * of the take-over it measures.
 */
const FIRST_ROW_SIGNAL = "bench: first row ";
const TAKEOVER_SIGNAL = "bench: took over ";
const TAKES_TAPS_SIGNAL = "bench: row takes taps ";

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

// Runs in the page before its own scripts: notes when a button reading `name` is first
// visible inside a shadow root (the widget's service row, or the floor page's copy);
// when such a button first takes a tap (enabled: a painted row once the host page notes
// taps, the widget's own at once); when a new such button replaces it (the widget's own
// render taking over a painted first screen); and whether the row was ever missing in
// between (a blink). Logs the first row and the take-over (the signals above).
// A string, not a function: tsx would wrap a function's body in helpers the page lacks.
export const watchForRow = (name: string) => `(() => {
  const FIRST_ROW_SIGNAL = ${JSON.stringify(FIRST_ROW_SIGNAL)};
  const TAKEOVER_SIGNAL = ${JSON.stringify(TAKEOVER_SIGNAL)};
  const TAKES_TAPS_SIGNAL = ${JSON.stringify(TAKES_TAPS_SIGNAL)};
  const tookOver = ${widgetTookOver.toString()};
  let shown = null;
  // Logs the signal with its time and the row's middle (where the bench taps it).
  const sayRow = (signal, row, at) => {
    const box = row.getBoundingClientRect();
    console.debug(signal + JSON.stringify({ at, x: box.x + box.width / 2, y: box.y + box.height / 2 }));
  };
  const visibleRow = () => {
    for (const host of document.querySelectorAll("booking-widget, [data-floor]")) {
      for (const button of host.shadowRoot?.querySelectorAll("button") ?? []) {
        if (button.textContent.includes(${JSON.stringify(name)}) && button.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && button.getBoundingClientRect().height > 0) return button;
      }
    }
    return null;
  };
  const probe = () => {
    // Once shown, a row still in the page is taken as still shown: a full scan each frame
    // (text, visibility: style and layout) would itself be a long task at 4x CPU, in the
    // middle of the take-over it measures. The take-over removes the painted row, and
    // the scan then finds the widget's own.
    const row = shown?.isConnected ? shown : visibleRow();
    if (row && !shown) {
      window.bwFirstRow = performance.now();
      performance.mark(FIRST_ROW_SIGNAL.trim());
      sayRow(FIRST_ROW_SIGNAL, row, window.bwFirstRow);
    }
    // ":disabled", not .disabled: a painted row is disabled by its fieldset until the host page notes taps.
    if (row && !row.matches(":disabled") && window.bwRowEnabled === undefined) {
      window.bwRowEnabled = performance.now();
      sayRow(TAKES_TAPS_SIGNAL, row, window.bwRowEnabled);
    }
    if (row && shown && row !== shown) window.bwTakeover = performance.now();
    if (!row && shown) window.bwRowLost = true;
    if (row) shown = row;
    if (shown && tookOver()) {
      performance.mark(TAKEOVER_SIGNAL.trim());
      console.debug(TAKEOVER_SIGNAL + JSON.stringify({ at: window.bwTakeover ?? window.bwFirstRow, enabled: window.bwRowEnabled ?? window.bwFirstRow, blinked: window.bwRowLost === true }));
      return;
    }
    if (performance.now() < 30000) requestAnimationFrame(probe);
  };
  requestAnimationFrame(probe);
})();`;

/**
 * In the page: every interaction's latency as the Event Timing API gives it (INP's own
 * measure: from the input to the next frame painted after its handlers), by interaction.
 * Entries under 16 ms are not reported: such an interaction counts as 16 ms.
 */
export const watchInteractions = `(() => {
  window.bwInteractions = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.interactionId) window.bwInteractions.push({ id: entry.interactionId, start: entry.startTime, duration: entry.duration });
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {}
})();`;

/** What shows that a step is on screen: a visible control or text inside a widget's shadow root. */
export interface Shown {
  selector: string;
  /** Matched against the element's text, or an input's label. */
  text: string;
}

/**
 * In the page, an expression: a function answering whether `shown` is on screen (a
 * visible, enabled match in a widget's shadow root; a field by its label). The scripted
 * booking's steps and the first tap's next step are found alike.
 */
export const stepOnScreen = (shown: Shown) => `(() => {
  const text = new RegExp(${JSON.stringify(shown.text)});
  const roots = () => [...document.querySelectorAll("booking-widget")].map((host) => host.shadowRoot).filter(Boolean);
  const labelOf = (element) => element.labels?.[0]?.textContent ?? element.getAttribute("aria-label") ?? "";
  const visible = (element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && element.getBoundingClientRect().height > 0;
  return () => roots().some((root) => [...root.querySelectorAll(${JSON.stringify(shown.selector)})].some(
    (element) => visible(element) && !element.disabled && text.test(element.matches("input, select, textarea") ? labelOf(element) : element.textContent.trim())));
})()`;

/** Logged by watchNextStep: when the first tap was made and when the next step showed (page clock). */
const NEXT_STEP_SIGNAL = "bench: next step ";

// In the page from its start: the first pointerdown's time, and, frame by frame after it,
// when `shown` is first on screen; logged (NEXT_STEP_SIGNAL), so the bench asks the page nothing meanwhile.
const watchNextStep = (shown: Shown) => `(() => {
  const found = ${stepOnScreen(shown)};
  addEventListener("pointerdown", (event) => {
    const tapped = event.timeStamp;
    const frame = () => {
      if (found()) return console.debug(${JSON.stringify(NEXT_STEP_SIGNAL)} + JSON.stringify({ tapped, shown: performance.now() }));
      if (performance.now() < tapped + 60000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, { capture: true, once: true });
})();`;

/** A tap on the row the moment it first takes one: when, its feedback (next paint) and the next step, in ms. */
export interface FirstTap {
  /** The tap, after navigation. */
  tappedAt: number;
  /** From the tap to the next frame painted after its handlers ran (Event Timing; 16 when under 16). */
  feedback: number;
  /** The next step on screen, after navigation. */
  answeredAt: number;
}

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
  /** Interactions (Event Timing) from `since` on: each one's latency, the worst of its events. */
  interactions(since: number): Promise<number[]>;
  /** Opens `url` and answers when the row showed (ms after navigation), its middle, and the requests of that load. */
  firstRow(url: string): Promise<{ at: number; x: number; y: number; requests: TimedRequest[] }>;
  /**
   * After firstRow: when the widget's own row replaced a painted one (or the row's time),
   * when the row first took a tap, and whether the row ever went missing.
   */
  takeover(): Promise<{ at: number; enabled: number; blinked: boolean }>;
  /** Opens `url` and taps the row the moment it shows (a page made with `nextStep`): see FirstTap. */
  tapFirstRow(url: string): Promise<FirstTap>;
}

type Signal = { at: number; x: number; y: number } & { enabled: number; blinked: boolean } & { tapped: number; shown: number };

/**
 * A page of `context` under the mobile profile, which records each load's requests;
 * with `nextStep`, it also notes when that shows after the first tap (tapFirstRow).
 */
export async function throttledPage(context: BrowserContext, rowName: string, nextStep?: Shown): Promise<ThrottledPage> {
  const page = await context.newPage();
  await page.addInitScript(watchForRow(rowName));
  await page.addInitScript(watchLongTasks);
  await page.addInitScript(watchInteractions);
  if (nextStep) await page.addInitScript(watchNextStep(nextStep));
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

  // The page's signals, each as a promise made before the load that logs it.
  const signal = (prefix: string) =>
    page
      .waitForEvent("console", { predicate: (message) => message.text().startsWith(prefix), timeout: 60_000 })
      .then((message) => JSON.parse(message.text().slice(prefix.length)) as Signal);
  let tookOver: Promise<Signal> | undefined;
  const load = async (url: string, first = FIRST_ROW_SIGNAL) => {
    seen = new Map();
    loadStart = undefined;
    const shown = signal(first);
    tookOver = signal(TAKEOVER_SIGNAL);
    tookOver.catch(() => undefined);
    await page.goto(url, { waitUntil: "commit" });
    return shown;
  };
  const interactions = async (since: number) => {
    const entries = await page.evaluate(
      (from) =>
        (window as unknown as { bwInteractions: { id: number; start: number; duration: number }[] }).bwInteractions.filter(
          (entry) => entry.start >= from,
        ),
      since,
    );
    const worst = new Map<number, number>();
    for (const entry of entries) worst.set(entry.id, Math.max(worst.get(entry.id) ?? 16, entry.duration));
    return [...worst.values()];
  };

  return {
    page,
    requests: () => [...logged.values()],
    longTasks: (since) =>
      page.evaluate(
        (from) =>
          (window as unknown as { bwLongTasks: { start: number; duration: number }[] }).bwLongTasks.filter((task) => task.start >= from),
        since,
      ),
    interactions,
    async firstRow(url) {
      const { at, x, y } = await load(url);
      const start = loadStart ?? 0;
      const requests = [...seen.values()].map((request) => ({
        url: request.url,
        start: (request.start - start) * 1000,
        end: request.end === undefined ? undefined : (request.end - start) * 1000,
        bytes: request.bytes,
      }));
      return { at, x, y, requests };
    },
    async takeover() {
      // A painted row is replaced by the widget's; a row the widget drew itself is its own.
      // The widget has taken over once its element is defined and only React's root is left.
      const { at, enabled, blinked } = await tookOver!;
      return { at, enabled, blinked };
    },
    async tapFirstRow(url) {
      const answered = signal(NEXT_STEP_SIGNAL);
      // The moment it can take the tap: a painted row shows disabled until the host page
      // notes taps (on a standalone page, a few ms after it shows).
      const { x, y } = await load(url, TAKES_TAPS_SIGNAL);
      await page.mouse.click(x, y);
      const { tapped, shown } = await answered;
      // The tap's own interaction: the first one from the tap on (16 ms when it was too quick to be reported).
      const [feedback = 16] = await interactions(tapped - 1);
      return { tappedAt: tapped, feedback, answeredAt: shown };
    },
  };
}
