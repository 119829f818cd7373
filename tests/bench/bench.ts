/**
 * `npm run bench`: the first screen on a phone, side by side with a floor page; a scripted
 * booking tap by tap; the reference API's month availability as the staff grows; then the
 * built sizes. Every time is a median of BENCH_RUNS runs (5 unless set) taken in one run
 * of this script, the cases interleaved, so compare ratios, not absolute times, on a
 * noisy machine. BENCH_BEFORE=<git ref> also builds and serves that commit (a worktree
 * beside this one, with these node_modules) and measures it in the same runs: each cell
 * then reads "before → after". Sizes are checked in CI (tests/e2e/bundle-size.test.ts);
 * times never are.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { FIRST_SCREEN_BUDGET_GZIP, LOADER_BUDGET_GZIP, measureBundle } from "../support/bundle-size.ts";
import { startServer, type StartedServer } from "../support/start-server.ts";
import { launchBrowser } from "../e2e/browser.ts";
import { serveProviderSite } from "../e2e/provider-site.ts";
import { measureMonthAvailability } from "./availability-load.ts";
import { checkoutBuilt } from "./checkout.ts";
import { type FirstTap, MOBILE_PROFILE, phoneContext, throttledPage } from "./mobile-page.ts";
import { timelineBefore } from "./request-timeline.ts";
import { BOOKING_STEPS, scriptedBooking, type BookingSample } from "./scripted-booking.ts";
import { median } from "./statistics.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BEFORE = process.env.BENCH_BEFORE?.trim() || undefined;
const ROW = "Women's haircut";
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function table(head: string[], rows: string[][]): string {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

/** The floor: the same service name in a shadow root, no script, no API call. */
function serveFloorPage(): Promise<{ url: string; close: () => void }> {
  const html = `<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body>
    <div data-floor><template shadowrootmode="open"><button>${ROW}</button></template></div></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() });
    }),
  );
}

/** What a provider's page holds beside the element and its script tag. */
interface ProviderPageOptions {
  /** The snippet's preconnect line. */
  preconnect?: boolean;
  /** The snippet's preload of the element's painted first screen. */
  preload?: boolean;
  /** The element's api-base: the API on another origin than the script. */
  apiBase?: string;
}

/** A provider's page on another origin with the element, its script tag, and the snippet's hints asked for. */
const providerPage = (api: string, { preconnect = false, preload = false, apiBase }: ProviderPageOptions) => {
  const firstScreen = `${apiBase ?? `${api}/widget`}/first-screen/demo-salon`;
  return serveProviderSite(`<!doctype html><html><head><meta name="viewport" content="width=device-width">${
    preconnect ? `<link rel="preconnect" href="${api}">` : ""
  }${preload ? `<link rel="preload" as="fetch" crossorigin href="${firstScreen}">` : ""}</head><body>
  <h1>A provider's own site</h1><booking-widget company="demo-salon"${apiBase ? ` api-base="${apiBase}"` : ""}></booking-widget>
  <script type="module" async src="${api}/widget/booking-widget.js"></script></body></html>`);
};

interface Sample {
  at: number;
  working: number;
  /** When the row first took a tap: noted on a painted row, answered on the widget's own. */
  enabled: number;
  blinked: boolean;
  bytes: number;
  requests: number;
  depth: number;
  /** Long tasks (over 50 ms) from the first row to the take-over, and their time. */
  takeoverTasks: number;
  takeoverTaskMs: number;
}

interface Build {
  label: "before" | "after";
  server: StartedServer;
  /** The snippet as the embed builder writes it (docs/embedding.md): preconnect, the painted copy's preload, the script tag, the element. */
  embedded: { url: string; close: () => void };
  /** The script tag and the element alone, without the snippet's hints. */
  bare: { url: string; close: () => void };
  /** The element's api-base names the same server under another name (localhost): the API on another origin than the script. */
  apiElsewhere: { url: string; close: () => void };
}

async function serveBuild(label: Build["label"], cwd?: string): Promise<Build> {
  const server = await startServer({ FIXED_NOW: "" }, undefined, cwd);
  return {
    label,
    server,
    embedded: await providerPage(server.url, { preconnect: true, preload: true }),
    bare: await providerPage(server.url, {}),
    apiElsewhere: await providerPage(server.url, {
      preconnect: true,
      preload: true,
      apiBase: `${server.url.replace("127.0.0.1", "localhost")}/api`,
    }),
  };
}

const builds: Build[] = [];
if (BEFORE) builds.push(await serveBuild("before", checkoutBuilt(BEFORE)));
builds.push(await serveBuild("after"));
const floor = await serveFloorPage();
const browser = await launchBrowser();

/** Samples by case name, then by build. */
const samples = new Map<string, Map<Build["label"], Sample[]>>();
const note = (name: string, label: Build["label"], sample: Sample) => {
  const byBuild = samples.get(name) ?? new Map<Build["label"], Sample[]>();
  byBuild.set(label, [...(byBuild.get(label) ?? []), sample]);
  samples.set(name, byBuild);
};

async function visit(label: Build["label"], cold: string, repeat: string | null, url: string, widget = true) {
  const context = await phoneContext(browser);
  try {
    const page = await throttledPage(context, ROW);
    for (const name of repeat ? [cold, repeat] : [cold]) {
      const { at, requests } = await page.firstRow(url);
      const { at: working, enabled, blinked } = widget ? await page.takeover() : { at, enabled: at, blinked: false };
      const tasks = widget ? (await page.longTasks(at)).filter((task) => task.start < working) : [];
      const takeoverTaskMs = tasks.reduce((sum, task) => sum + task.duration, 0);
      note(name, label, { at, working, enabled, blinked, ...timelineBefore(requests, at), takeoverTasks: tasks.length, takeoverTaskMs });
    }
  } finally {
    await context.close();
  }
}

/** What the first tap on the row opens: its extras dialog. */
const EXTRAS = { selector: "dialog[open] h2", text: `^Add extras to ${ROW}\\?$` };
const firstTaps = new Map<string, Map<Build["label"], FirstTap[]>>();

/** A visitor who taps the row the moment it shows (issue 43): a cold visit of its own. */
async function tapAtOnce(label: Build["label"], name: string, url: string) {
  const context = await phoneContext(browser);
  try {
    const tap = await (await throttledPage(context, ROW, EXTRAS)).tapFirstRow(url);
    const byBuild = firstTaps.get(name) ?? new Map<Build["label"], FirstTap[]>();
    byBuild.set(label, [...(byBuild.get(label) ?? []), tap]);
    firstTaps.set(name, byBuild);
  } finally {
    await context.close();
  }
}

const flows = new Map<Build["label"], BookingSample[]>();
try {
  for (let run = 1; run <= RUNS; run++) {
    process.stderr.write(`bench: run ${run} of ${RUNS}\n`);
    for (const build of builds) {
      await visit(build.label, "floor page", null, floor.url, false);
      await visit(build.label, "/demo-salon, cold", "/demo-salon, repeat visit", `${build.server.url}/demo-salon`);
      await visit(build.label, "embedded on another origin, cold", "embedded on another origin, repeat visit", build.embedded.url);
      await visit(build.label, "embedded, the script tag alone (no hints), cold", null, build.bare.url);
      await visit(build.label, "embedded, api-base on another origin, cold", null, build.apiElsewhere.url);
      await tapAtOnce(build.label, "/demo-salon, cold", `${build.server.url}/demo-salon`);
      await tapAtOnce(build.label, "embedded on another origin, cold", build.embedded.url);
      await tapAtOnce(build.label, "embedded, the script tag alone (no hints), cold", build.bare.url);
      await tapAtOnce(build.label, "embedded, api-base on another origin, cold", build.apiElsewhere.url);
      const context = await phoneContext(browser);
      try {
        const flow = await scriptedBooking(await throttledPage(context, ROW), `${build.server.url}/demo-salon`, ROW);
        flows.set(build.label, [...(flows.get(build.label) ?? []), flow]);
      } finally {
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  floor.close();
  for (const build of builds) {
    build.embedded.close();
    build.bare.close();
    build.apiElsewhere.close();
    build.server.stop();
  }
}

/** "before → after" when the bench measured a before build, else the after value. */
const cell = (values: Map<Build["label"], number[]>, format: (value: number) => string) => {
  const after = values.get("after");
  const before = values.get("before");
  const shown = (list: number[] | undefined) => (list && list.length > 0 ? format(median(list)) : "–");
  return before ? `${shown(before)} → ${shown(after)}` : shown(after);
};
const byBuild = <T>(source: Map<Build["label"], T[]> | undefined, pick: (item: T) => number) =>
  new Map([...(source ?? new Map<Build["label"], T[]>())].map(([label, list]) => [label, list.map(pick)] as const));

// The floor page is the same page for both builds (no widget on it): its every visit of the
// run counts, for one floor both builds are read against (apart, each build's own few
// visits differed by a quarter in one run, which moved every ratio with them).
const floorMs = median([...samples.get("floor page")!.values()].flat().map((sample) => sample.at));
const floorRow = new Map([...samples.get("floor page")!.keys()].map((label) => [label, floorMs] as const));

/** A column: `pick` of every sample, the median per build ("before → after"). */
const column = <T>(source: Map<Build["label"], T[]>, pick: (item: T) => number, format: (value: number) => string) =>
  cell(byBuild(source, pick), format);
/** A column of `pick` over the floor page's first row of the same build. */
const ratioToFloor = <T>(source: Map<Build["label"], T[]>, pick: (item: T) => number) =>
  cell(
    new Map([...source].map(([label, list]) => [label, list.map((item) => pick(item) / floorRow.get(label)!)] as const)),
    (value) => `${value.toFixed(2)}×`,
  );
const firstScreenRows = [...samples].map(([name, builtSamples]) => {
  const blinks = [...builtSamples.values()].flat().filter((sample) => sample.blinked).length;
  return [
    name,
    column(builtSamples, (s) => s.at, ms),
    ratioToFloor(builtSamples, (s) => s.at),
    column(builtSamples, (s) => s.bytes, kb),
    column(builtSamples, (s) => s.requests, String),
    column(builtSamples, (s) => s.depth, String),
    column(builtSamples, (s) => s.enabled, ms),
    `${column(builtSamples, (s) => s.working, ms)}${blinks ? ` (row went missing in ${blinks} runs)` : ""}`,
    `${column(builtSamples, (s) => s.takeoverTasks, String)} (${column(builtSamples, (s) => s.takeoverTaskMs, ms)})`,
  ];
});

const firstTapRows = [...firstTaps].map(([name, byLabel]) => [
  name,
  column(byLabel, (tap) => tap.tappedAt, ms),
  column(byLabel, (tap) => tap.feedback, ms),
  column(byLabel, (tap) => tap.answeredAt, ms),
  ratioToFloor(byLabel, (tap) => tap.answeredAt),
]);

const availability = await measureMonthAvailability();
const { firstScreen, lazy } = measureBundle("dist/booking-widget.js");
const [loader, ...widget] = firstScreen;
const widgetGzip = widget.reduce((sum, file) => sum + file.gzip, 0);

const profile = `${MOBILE_PROFILE.latencyMs} ms round trip, ${MOBILE_PROFILE.downBitsPerSecond / 1e6} Mbps down, ${MOBILE_PROFILE.cpuSlowdown}× CPU slowdown, 360 × 740`;
console.log(`\nFirst screen on a phone (${profile}); medians of ${RUNS} runs${BEFORE ? `; before (${BEFORE}) → after` : ""}\n`);
console.log(
  table(
    [
      "case",
      "first service row",
      "ratio to floor",
      "bytes over the wire",
      "requests before the row",
      "waterfall depth",
      "row takes a tap",
      "row answers a tap",
      "long tasks, first row to take-over",
    ],
    firstScreenRows,
  ),
);

console.log(`\nThe first tap, made on the row the moment it shows (cold visits of their own); ms after navigation unless said\n`);
console.log(
  table(["case", "tapped at", "tap to its feedback (next paint)", "next step on screen", "next step, ratio to floor"], firstTapRows),
);

console.log(`\nA scripted booking at /demo-salon, tap by tap (from the tap to the next step on screen)\n`);
console.log(
  table(
    ["step", "tap to next step", "waterfall depth", "requests"],
    BOOKING_STEPS.map((step, index) => [
      step,
      column(flows, (flow) => flow.steps[index]!.ms, ms),
      column(flows, (flow) => flow.steps[index]!.depth, String),
      column(flows, (flow) => flow.steps[index]!.requests, String),
    ]),
  ),
);
console.log("");
const totals: [string, (flow: BookingSample) => number, (value: number) => string][] = [
  ["first hour list, from the tap on a service", (flow) => flow.hours, ms],
  ["receipt, from the tap on a service", (flow) => flow.receipt, ms],
  ["bytes fetched after the first screen", (flow) => flow.bytesAfterFirstScreen, kb],
  ["long tasks over 50 ms (4× CPU), tap to receipt", (flow) => flow.longTasks, String],
  ["time in those long tasks", (flow) => flow.longTaskMs, ms],
  ["of those, while a tap waits for its next step", (flow) => flow.longTasksWaited, String],
  ["time in those", (flow) => flow.longTaskMsWaited, ms],
  ["interactions, tap to next paint: the worst (INP)", (flow) => flow.interactionWorst, ms],
  ["interactions, tap to next paint: 75th percentile", (flow) => flow.interactionP75, ms],
];
console.log(
  table(
    ["the whole booking", "median"],
    totals.map(([name, pick, format]) => [name, column(flows, pick, format)]),
  ),
);

// BENCH_DEBUG=1: the requests of each step of the last scripted booking (ms from the tap).
if (process.env.BENCH_DEBUG) {
  for (const [label, list] of flows) {
    console.log(`\nRequests of the last booking (${label})`);
    for (const [index, step] of (list.at(-1)?.steps ?? []).entries()) {
      console.log(`${BOOKING_STEPS[index]}\n  ${step.asked.join("\n  ") || "(none)"}`);
    }
  }
}

console.log("\nReference API: POST Appointment/availableHours/month, any staff member, in-process PGlite\n");
console.log(
  table(
    ["staff members", "p50", "p95", "requests per second (10 in flight)"],
    availability.map((row) => [
      String(row.staff),
      `${row.p50.toFixed(1)} ms`,
      `${row.p95.toFixed(1)} ms`,
      row.requestsPerSecond.toFixed(0),
    ]),
  ),
);
console.log(
  `\nBuilt widget: the loader ${kb(loader!.gzip)} gzip (budget ${kb(LOADER_BUDGET_GZIP)}), the widget's own script and its static imports ${kb(widgetGzip)} gzip (budget ${kb(FIRST_SCREEN_BUDGET_GZIP)})\n`,
);
console.log(
  table(
    ["file", "loaded", "bytes", "gzip"],
    [
      ...firstScreen.map((file, index) => [file.file, index === 0 ? "script tag (loader)" : "at once", kb(file.bytes), kb(file.gzip)]),
      ...lazy.map((file) => [file.file, "on demand", kb(file.bytes), kb(file.gzip)]),
    ],
  ),
);
