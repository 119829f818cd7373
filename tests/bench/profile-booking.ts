// Ad hoc (not shipped): a CPU profile of the scripted booking on the phone profile, each
// long task's self time by function (source-mapped). Run after `npm run build`:
//   node --import tsx tests/bench/profile-booking.ts
import { readFileSync } from "node:fs";
import { TraceMap, originalPositionFor } from "@jridgewell/trace-mapping";
import { startServer } from "../support/start-server.ts";
import { launchBrowser } from "../e2e/browser.ts";
import { phoneContext, throttledPage } from "./mobile-page.ts";
import { scriptedBooking } from "./scripted-booking.ts";

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
  children?: number[];
};
type Profile = { nodes: Node[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, TraceMap | null>();
function mapFrame(frame: Node["callFrame"]): string {
  const file = frame.url.replace(/^.*\/widget\//, "dist/");
  if (!frame.url.includes("/widget/")) return `${frame.functionName || "(anon)"} ${frame.url.slice(-40)}`;
  if (!maps.has(file)) {
    try {
      maps.set(file, new TraceMap(readFileSync(`${file}.map`, "utf8")));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  if (!map) return `${frame.functionName} ${file}:${frame.lineNumber}`;
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  return `${at.name ?? frame.functionName ?? "(anon)"} ${(at.source ?? "").replace(/^.*node_modules\//, "~").replace(/^.*\/src\//, "src/")}:${at.line}`;
}

// On the real clock, as the browser is and as bench.ts runs it (a server at TEST_NOW offers
// its own today, which a browser days later does not ask for).
const server = await startServer({ FIXED_NOW: "" });
const browser = await launchBrowser();
try {
  const context = await phoneContext(browser);
  const phone = await throttledPage(context, "Women's haircut");
  const cdp = await context.newCDPSession(phone.page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const sample = await scriptedBooking(phone, `${server.url}/demo-salon`, "Women's haircut");
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  const pageNow = await phone.page.evaluate(() => performance.now());
  const tasks = await phone.longTasks(0);
  // Align: the profile's end is (about) the page's now.
  const offsetUs = profile.endTime - pageNow * 1000;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const times: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) {
    t += delta;
    times.push(t);
  }
  console.log(
    "steps",
    sample.steps.map((step) => Math.round(step.ms)),
  );
  for (const task of tasks) {
    const from = task.start * 1000 + offsetUs;
    const to = from + task.duration * 1000;
    const self = new Map<string, number>();
    profile.samples.forEach((id, index) => {
      if (times[index]! < from || times[index]! > to) return;
      const key = mapFrame(byId.get(id)!.callFrame);
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
    });
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`\nTASK at ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms`);
    for (const [name, ms] of top) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
  await context.close();
} finally {
  await browser.close();
  server.stop();
}
