/**
 * `npm run bench`: the first screen on a phone, side by side with a floor page, and the
 * reference API's month availability as the staff grows; then the built sizes. Every
 * time is a median of BENCH_RUNS runs (5 unless set) taken in one run of this script,
 * the cases interleaved, so compare ratios, not absolute times, on a noisy machine.
 * Sizes are checked in CI (tests/e2e/bundle-size.test.ts); times never are.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { launchBrowser } from "../e2e/browser.ts";
import { serveProviderSite } from "../e2e/provider-site.ts";
import { FIRST_SCREEN_BUDGET_GZIP, measureBundle } from "../support/bundle-size.ts";
import { startServer } from "../support/start-server.ts";
import { measureMonthAvailability } from "./availability-load.ts";
import { MOBILE_PROFILE, phoneContext, throttledPage } from "./mobile-page.ts";
import { timelineBefore } from "./request-timeline.ts";
import { median } from "./statistics.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
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

interface Sample {
  at: number;
  working: number;
  /** When the row first took a tap: noted on a painted row, answered on the widget's own. */
  enabled: number;
  blinked: boolean;
  bytes: number;
  requests: number;
  depth: number;
}

const server = await startServer({ FIXED_NOW: "" });
const floor = await serveFloorPage();
const embedded = await serveProviderSite(`<!doctype html><html><head><meta name="viewport" content="width=device-width"></head><body>
  <h1>A provider's own site</h1><booking-widget company="demo-salon"></booking-widget>
  <script type="module" src="${server.url}/widget/booking-widget.js"></script></body></html>`);
const browser = await launchBrowser();

const samples = new Map<string, Sample[]>();
const note = (name: string, sample: Sample) => samples.set(name, [...(samples.get(name) ?? []), sample]);

async function visit(cold: string, repeat: string | null, url: string, widget = true) {
  const context = await phoneContext(browser);
  try {
    const page = await throttledPage(context, ROW);
    for (const name of repeat ? [cold, repeat] : [cold]) {
      const { at, requests } = await page.firstRow(url);
      const { at: working, enabled, blinked } = widget ? await page.takeover() : { at, enabled: at, blinked: false };
      note(name, { at, working, enabled, blinked, ...timelineBefore(requests, at) });
    }
  } finally {
    await context.close();
  }
}

// A scripted booking at demo-salon by its demo customer: service, any staff member, the
// first hour offered, password login, consent, book. Times from the tap on the service.
async function scriptedBooking(): Promise<{ hours: number; receipt: number }> {
  const context = await phoneContext(browser);
  try {
    const { page, firstRow, takeover } = await throttledPage(context, ROW);
    await firstRow(`${server.url}/demo-salon`);
    await takeover();
    const started = performance.now();
    await page.getByRole("button", { name: ROW }).click();
    await page
      .getByRole("dialog", { name: `Add extras to ${ROW}?` })
      .getByRole("button", { name: "Choose" })
      .click();
    await page.getByRole("button", { name: "Continue (1)" }).click();
    await page.getByRole("button", { name: /Any staff member/ }).click();
    const hour = page.getByRole("button", { name: /^\d{1,2}:\d{2}( [AP]M)?$/ }).first();
    await hour.waitFor({ timeout: 60_000 });
    const hours = performance.now() - started;
    await hour.click();
    await book(page);
    return { hours, receipt: performance.now() - started };
  } finally {
    await context.close();
  }
}

async function book(page: Page) {
  await page.getByRole("textbox", { name: "Phone number" }).fill("2125550123");
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password").fill("salon-demo-1");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByText(/^Logged in as Taylor Brooks/).waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("checkbox", { name: /at least 24 hours in advance/ }).check();
  await page.getByRole("button", { name: "Book appointment" }).click();
  await page.getByText("Thank you for your booking!").waitFor({ timeout: 60_000 });
}

const flows: { hours: number; receipt: number }[] = [];
try {
  for (let run = 1; run <= RUNS; run++) {
    process.stderr.write(`bench: run ${run} of ${RUNS}\n`);
    await visit("floor page", null, floor.url, false);
    await visit("/demo-salon, cold", "/demo-salon, repeat visit", `${server.url}/demo-salon`);
    await visit("embedded on another origin, cold", "embedded on another origin, repeat visit", embedded.url);
    flows.push(await scriptedBooking());
  }
} finally {
  await browser.close();
  floor.close();
  embedded.close();
  server.stop();
}

const floorRow = median(samples.get("floor page")!.map((sample) => sample.at));
const firstScreenRows = [...samples].map(([name, list]) => {
  const row = median(list.map((sample) => sample.at));
  const blinks = list.filter((sample) => sample.blinked).length;
  return [
    name,
    ms(row),
    `${(row / floorRow).toFixed(2)}×`,
    kb(median(list.map((s) => s.bytes))),
    String(median(list.map((s) => s.requests))),
    String(median(list.map((s) => s.depth))),
    ms(median(list.map((s) => s.enabled))),
    `${ms(median(list.map((s) => s.working)))}${blinks ? ` (row went missing in ${blinks} runs)` : ""}`,
  ];
});
const flowRow = (name: string, values: number[]) => [name, ms(median(values)), "", "", "", "", "", ""];

const availability = await measureMonthAvailability();
const { firstScreen, lazy } = measureBundle("dist/booking-widget.js");
const firstScreenGzip = firstScreen.reduce((sum, file) => sum + file.gzip, 0);

const profile = `${MOBILE_PROFILE.latencyMs} ms round trip, ${MOBILE_PROFILE.downBitsPerSecond / 1e6} Mbps down, ${MOBILE_PROFILE.cpuSlowdown}× CPU slowdown, 360 × 740`;
console.log(`\nFirst screen on a phone (${profile}); medians of ${RUNS} runs\n`);
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
    ],
    [
      ...firstScreenRows,
      flowRow(
        "first hour list, from the tap on a service",
        flows.map((flow) => flow.hours),
      ),
      flowRow(
        "receipt of a scripted booking, from the tap on a service",
        flows.map((flow) => flow.receipt),
      ),
    ],
  ),
);
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
console.log(`\nBuilt widget: first screen ${kb(firstScreenGzip)} gzip of a ${kb(FIRST_SCREEN_BUDGET_GZIP)} budget\n`);
console.log(
  table(
    ["file", "loaded", "bytes", "gzip"],
    [
      ...firstScreen.map((file) => [file.file, "first screen", kb(file.bytes), kb(file.gzip)]),
      ...lazy.map((file) => [file.file, "on demand", kb(file.bytes), kb(file.gzip)]),
    ],
  ),
);
