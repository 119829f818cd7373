import { spawn } from "node:child_process";
import { startServer } from "../../support/start-server.ts";
const s = await startServer({ TRUST_PROXY: "1", ...(process.env.FLOOD_ENV ? JSON.parse(process.env.FLOOD_ENV) : {}) });
const page = (await (await fetch(`${s.url}/api/User/ByUser/demo-salon`)).json()) as { userId: number };
const services = (
  (await (await fetch(`${s.url}/api/Service/asAnonymous?userId=${page.userId}`)).json()) as { services: { id: number }[] }[]
).flatMap((c) => c.services.map((x) => x.id));
const child = spawn(process.execPath, ["--import", "tsx", "tests/bench/flood/month-flood.ts"], {
  env: {
    ...process.env,
    FLOOD_URL: s.url,
    FLOOD_USER_ID: String(page.userId),
    FLOOD_SERVICES: services.join(","),
    FLOOD_ADDRESSES: process.env.ADDR ?? "one",
    FLOOD_SECONDS: "8",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
let out = "";
child.stdout.on("data", (c) => (out += c));
const t0 = performance.now();
const done = new Promise((r) => child.on("exit", r));
let running = true;
void done.then(() => (running = false));
const log: string[] = [];
while (running) {
  await new Promise((r) => setTimeout(r, 200));
  const { connect } = await import("node:net");
  const u = new URL(s.url);
  const k = performance.now();
  await new Promise<void>((r) => {
    const so = connect(Number(u.port), u.hostname, () => {
      so.destroy();
      r();
    });
    so.on("error", () => r());
  });
  const kk = performance.now();
  if (kk - k > 300) log.push(`${Math.round(k - t0)} connect ${Math.round(kk - k)}ms`);
  const a = performance.now();
  const sv = await fetch(`${s.url}/api/Service/asAnonymous?userId=${page.userId}`, {
    headers: { "x-forwarded-for": `100.64.${Math.floor(a) % 200}.1`, ...(process.env.CLOSE ? { connection: "close" } : {}) },
  });
  await sv.text();
  const c = performance.now();
  if (c - a > 300) log.push(`${Math.round(a - t0)} services ${sv.status} ${Math.round(c - a)}ms`);
}
const m = await (await fetch(`${s.url}/metrics`)).text();
console.log(log.join("\n"), "\n", out, /booking_event_loop_delay_seconds\{quantile="1"\} (\S+)/.exec(m)?.[1]);
await s.stopped();
