/**
 * `npm run bench:flood` (issue 58): the server under floods, each beside an honest visitor
 * who books through the API once a second (page, services, month, day, hold, booking;
 * honest-visitor.ts), in demo mode (PGlite in the process) and on PostgreSQL (Debian's,
 * a throw-away cluster):
 * - 1,000 month requests in flight from one address;
 * - 1,000 in flight from 1,000 addresses (TRUST_PROXY=1 and X-Forwarded-For), spread
 *   over the whole IPv4 space as a botnet's would be;
 * - 2,000 slow connections (slow-connections.ts).
 * Reported per case: the process's resident memory before, at its highest during, and
 * 10 s after; the honest visitor's steps p50/p95 (a step's time includes its waits and
 * retries after Retry-After, at most two, as the widget does) and whether each journey
 * booked; the flood's answers by status; whether every refusal said Retry-After.
 * FLOOD_SECONDS (default 8) is each flood's length; FLOOD_MODES=demo,postgres picks the runs,
 * FLOOD_CASES=1,2,3 the cases; FLOOD_ENV='{"MAX_REQUESTS_IN_FLIGHT":"8"}' adds to the server's environment.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { spawn } from "node:child_process";
import { freePort, initCluster } from "../../support/pg-cluster.ts";
import { type StartedServer, startServer } from "../../support/start-server.ts";
import { seedFile } from "../../support/test-seed-file.ts";
import { DEMO_PROVIDERS_FILE } from "../../../demo/api/seed/demo-providers-file.ts";
import { percentile } from "../statistics.ts";
import { honestVisitor, type Journey } from "./honest-visitor.ts";
import { slowConnections } from "./slow-connections.ts";

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 8);
const AFTER_SECONDS = 10;
const MODES = (process.env.FLOOD_MODES ?? "demo,postgres").split(",");
const FLOOD_PAGE = "demo-salon";
const ALL_CASES = ["one address", "1,000 addresses", "2,000 slow connections"] as const;
/** FLOOD_CASES=1,3 runs the first and the third only. */
const CASES = process.env.FLOOD_CASES ? process.env.FLOOD_CASES.split(",").map((n) => ALL_CASES[Number(n) - 1]!) : ALL_CASES;

interface Outcome {
  mode: string;
  flood: string;
  memoryMb: { before: number; highest: number; after: number };
  honest: {
    journeys: number;
    booked: number;
    p50: number;
    p95: number;
    worst: number;
    stepStatuses: Record<string, number>;
    slowest: string[];
  };
  flooded: Record<string, number>;
  refusalsWithoutRetryAfter: number;
}

async function main() {
  const outcomes: Outcome[] = [];
  for (const mode of MODES) {
    const cluster = mode === "postgres" ? await initCluster(await freePort(), ["max_connections = 200"]) : undefined;
    await cluster?.start();
    try {
      for (const flood of CASES) {
        // A fresh server (and database) per case: each case's memory starts from a process at rest.
        const server = await startServer(
          {
            TRUST_PROXY: "1",
            SEED_FILE: floodSeedFile(),
            ...(cluster ? { DATABASE_URL: cluster.url() } : {}),
            ...(process.env.FLOOD_ENV ? JSON.parse(process.env.FLOOD_ENV) : {}),
          },
          // FLOOD_LOG=<file>: the server's log lines of requests that took a second or more.
          process.env.FLOOD_LOG ? slowLines(process.env.FLOOD_LOG) : undefined,
        );
        try {
          outcomes.push(await floodCase(server, mode, flood));
          console.error(JSON.stringify(outcomes.at(-1)));
        } finally {
          await server.stopped();
          if (cluster) await dropData(cluster.url());
        }
      }
    } finally {
      await cluster?.remove();
    }
  }
  console.log(table(outcomes));
  console.log(
    `\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}; ${SECONDS} s per flood, memory again ${AFTER_SECONDS} s after.`,
  );
}

function slowLines(file: string) {
  return (chunk: string) => {
    for (const line of chunk.split("\n")) if (/"ms":\d{4,}/.test(line)) appendFileSync(file, `${line}\n`);
  };
}

/** The demo's pages, with demo-salon verifying no one and keeping no accounts: the honest visitor books without a code, as the flood's page. */
let seeded: string | undefined;
function floodSeedFile(): string {
  if (seeded) return seeded;
  const fixture = JSON.parse(readFileSync(DEMO_PROVIDERS_FILE, "utf8")) as { companies: { providers: Record<string, unknown>[] }[] };
  for (const company of fixture.companies)
    for (const provider of company.providers)
      if (provider.bookingLink === FLOOD_PAGE) {
        provider.verificationType = 0;
        provider.useCustomerAccounts = false;
      }
  seeded = seedFile(fixture, "flood-seed.json");
  return seeded;
}

/** The next case starts on an empty database, seeded again by its server. */
async function dropData(url: string) {
  const { withPgClient } = await import("../../support/pg-cluster.ts");
  await withPgClient(url, (client) => client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public"));
}

async function floodCase(server: StartedServer, mode: string, flood: Outcome["flood"]): Promise<Outcome> {
  const page = (await (await fetch(`${server.url}/api/User/ByUser/${FLOOD_PAGE}`)).json()) as { userId: number };
  const services = (
    (await (await fetch(`${server.url}/api/Service/asAnonymous?userId=${page.userId}`)).json()) as { services: { id: number }[] }[]
  ).flatMap((category) => category.services.map((service) => service.id));
  // Warm: the process's memory at rest after a few honest journeys.
  const visitor = honestVisitor(server.url, FLOOD_PAGE);
  for (let i = 0; i < 3; i++) await visitor.journey();
  const before = await residentMb(server);
  let highest = before;
  const sampling = setInterval(async () => {
    highest = Math.max(highest, await residentMb(server).catch(() => 0));
  }, 250);

  const journeys: Journey[] = [];
  let flooding = true;
  const honest = (async () => {
    while (flooding) {
      const started = performance.now();
      journeys.push(await visitor.journey());
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (performance.now() - started))));
    }
  })();
  const { statuses, withoutRetryAfter } =
    flood === "2,000 slow connections"
      ? await slowConnections(server.url, 2_000, SECONDS)
      : await monthFlood(server.url, page.userId, services, flood === "one address" ? "one" : "many");
  flooding = false;
  await honest;
  await new Promise((resolve) => setTimeout(resolve, AFTER_SECONDS * 1000));
  clearInterval(sampling);
  const after = await residentMb(server);

  const steps = journeys.flatMap((journey) => journey.steps);
  const times = steps.map((step) => step.ms).sort((a, b) => a - b);
  const stepStatuses: Record<string, number> = {};
  for (const step of steps) stepStatuses[step.status] = (stepStatuses[step.status] ?? 0) + 1;
  return {
    mode,
    flood,
    memoryMb: { before, highest, after },
    honest: {
      journeys: journeys.length,
      booked: journeys.filter((journey) => journey.booked).length,
      p50: Math.round(percentile(times, 50)),
      p95: Math.round(percentile(times, 95)),
      worst: Math.round(times.at(-1) ?? 0),
      stepStatuses,
      slowest: steps
        .filter((step) => step.ms > 1000)
        .map((step) => `${step.name} ${Math.round(step.ms)} ms (${[...step.retried, step.status].join(", ")})`)
        .slice(0, 5),
    },
    flooded: statuses,
    refusalsWithoutRetryAfter: withoutRetryAfter,
  };
}

/**
 * The month flood (month-flood.ts) in a process of its own: the load generator's own
 * event loop must not delay the honest visitor's requests, or the bench would measure itself.
 */
async function monthFlood(url: string, userId: number, services: number[], addresses: "one" | "many") {
  const flooding = new Promise<{ statuses: Record<string, number> }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/bench/flood/month-flood.ts"], {
      env: {
        ...process.env,
        FLOOD_URL: url,
        FLOOD_USER_ID: String(userId),
        FLOOD_SERVICES: services.join(","),
        FLOOD_ADDRESSES: addresses,
        FLOOD_SECONDS: String(SECONDS),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`the flood exited with ${code}`))));
  });
  const [{ statuses }, withoutRetryAfter] = await Promise.all([flooding, checkRetryAfter(url, userId, services)]);
  return { statuses, withoutRetryAfter };
}

/** During the flood, 20 months asked with fetch: every 429 or 503 among them must say Retry-After. */
async function checkRetryAfter(url: string, userId: number, services: number[]): Promise<number> {
  let missing = 0;
  for (let i = 0; i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 25));
    const answer = await fetch(`${url}/api/Appointment/availableHours/month`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7" },
      body: JSON.stringify({ userId, year: 2027, month: 1, day: 1, serviceBookings: [{ serviceId: services[0] }], staffMemberId: null }),
    }).catch(() => undefined);
    if (answer && (answer.status === 429 || answer.status === 503) && !answer.headers.get("retry-after")) missing++;
    await answer?.arrayBuffer();
  }
  return missing;
}

async function residentMb(server: StartedServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const bytes = Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? Number.NaN);
  return Math.round(bytes / 2 ** 20);
}

function table(outcomes: Outcome[]): string {
  const head = [
    "mode",
    "flood",
    "memory MB before / highest / 10 s after",
    "honest step p50 / p95 / worst ms",
    "honest bookings",
    "honest steps by status",
    "flood answers by status",
  ];
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const statuses = (counts: Record<string, number>) =>
    Object.entries(counts)
      .map(([status, count]) => `${status}: ${count}`)
      .join(", ");
  return [
    line(head),
    line(head.map(() => "---")),
    ...outcomes.map((o) =>
      line([
        o.mode,
        o.flood,
        `${o.memoryMb.before} / ${o.memoryMb.highest} / ${o.memoryMb.after}`,
        `${o.honest.p50} / ${o.honest.p95} / ${o.honest.worst}`,
        `${o.honest.booked} of ${o.honest.journeys}`,
        statuses(o.honest.stepStatuses),
        `${statuses(o.flooded)}${o.refusalsWithoutRetryAfter ? ` (${o.refusalsWithoutRetryAfter} refusals without Retry-After)` : ""}`,
      ]),
    ),
  ].join("\n");
}

await main();
