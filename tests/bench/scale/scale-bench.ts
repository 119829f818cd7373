/**
 * `npm run bench:scale` (issue 44 point 4): the reference API over a PostgreSQL of its own
 * (Debian's, a throw-away cluster) holding 10, then 100, then 1,000 booking pages with a
 * year of appointments (scale-data.ts), measured with autocannon's library at 1 process,
 * and at 1,000 pages at 1, 2 and 4 processes:
 * - month availability of a 20-staff page: alone (one request at a time, its p50), then
 *   10 requests in flight: p50/p95/p99 and throughput;
 * - bookings per second (40 in flight, each a free-looking time of a random page and staff
 *   member), checked for double booking after;
 * - holds and code requests per second (40 in flight);
 * - the resident memory of each process after;
 * - the cores the API, PostgreSQL and the load generator kept busy while the months and
 *   the bookings ran (cpu-time.ts): where the machine's time went.
 * Prints one markdown table (docs/performance.md keeps it with the machine named).
 * SCALE_SIZES=10,100 and SCALE_SECONDS=5 shorten it; SCALE_DEBUG=1 prints the first bodies
 * of answers that are not 2xx; SCALE_PROFILE=<folder> writes a CPU profile per process.
 */
import { cpus, totalmem } from "node:os";
import autocannon from "autocannon";
import { freePort, initCluster, withPgClient } from "../../support/pg-cluster.ts";
import { runProvidersImport } from "../../support/providers-import.ts";
import { demoScript } from "../../support/compiled-demo.ts";
import { type StartedServer, startServer } from "../../support/start-server.ts";
import { TEST_NOW } from "../../support/test-clock.ts";
import { seedFile } from "../../support/test-seed-file.ts";
import { addDays, todayIn, weekdayOf } from "../../../src/contract/zoned-time.ts";
import type { Provider, Service } from "../../../src/contract/schemas/index.ts";
import { bookingRequest, dateParts } from "../../support/booking-helpers.ts";
import { percentile } from "../statistics.ts";
import { bookingLinkOf, scaleFixture, sequence, writeAppointments } from "./scale-data.ts";
import { type Cores, coresBusy, cpuTime } from "./cpu-time.ts";

const SIZES = (process.env.SCALE_SIZES ?? "10,100,1000").split(",").map(Number);
const SECONDS = Number(process.env.SCALE_SECONDS ?? 10);
const PROCESSES_AT_LARGEST = [1, 2, 4];

interface Page {
  userId: number;
  link: string;
  zone: string;
  staff: number[];
  services: number[];
  verifies: boolean;
}

interface Row {
  pages: number;
  rows: number;
  processes: number;
  month: { p50: number; p95: number; p99: number; perSecond: number; errors: number; alone: number };
  bookings: { perSecond: number; occupied: number; doubleBooked: number; errors: number };
  holds: { perSecond: number; errors: number };
  codes: { perSecond: number; errors: number };
  memoryMb: number[];
  /** Cores kept busy while months (10 in flight) and bookings ran: the API processes, PostgreSQL, the load generator. */
  monthCores: Cores;
  bookingCores: Cores;
}

async function main() {
  const cluster = await initCluster(await freePort(), [
    "fsync = on",
    "synchronous_commit = on",
    "shared_buffers = '512MB'",
    "max_connections = 300",
  ]);
  await cluster.start();
  const url = cluster.url();
  const rows: Row[] = [];
  let imported = 0;
  let written = 0;
  try {
    for (const size of SIZES) {
      const started = performance.now();
      for (let from = imported; from < size; from += 250) {
        const to = Math.min(size, from + 250);
        const result = await runProvidersImport(seedFile(scaleFixture(from, to)), { DATABASE_URL: url });
        if (result.code !== 0) throw new Error(result.output);
        written += await writeAppointments(url, from, to, TEST_NOW);
      }
      imported = size;
      const total = await rowCount(url);
      console.error(
        `${size} pages: ${total} rows (${written} written with COPY and INSERT … SELECT) in ${Math.round((performance.now() - started) / 1000)} s`,
      );
      const pages = await pagesOf(url, size);
      for (const processes of size === SIZES.at(-1) ? PROCESSES_AT_LARGEST : [1]) {
        rows.push(await measure(url, cluster.dataDir, pages, processes, total));
        console.error(JSON.stringify(rows.at(-1)));
      }
    }
  } finally {
    await cluster.remove();
  }
  console.log(table(rows));
  console.log(
    `\nMachine: ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, PostgreSQL from Debian (fsync on), ${SECONDS} s per measurement.`,
  );
}

const rowCount = (url: string) =>
  withPgClient(url, async (client) => {
    const tables = (await client.query<{ name: string }>("SELECT relname AS name FROM pg_stat_user_tables")).rows;
    let total = 0;
    for (const { name } of tables)
      total += Number((await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${name}"`)).rows[0]?.n);
    return total;
  });

const pagesOf = (url: string, size: number) =>
  withPgClient(url, async (client) => {
    const { rows } = await client.query<Page>(
      `SELECT p.id AS "userId", p.booking_link AS link, p.time_zone AS zone, p.verification_type <> 0 AS verifies,
              (SELECT array_agg(m.id ORDER BY m.id) FROM staff_members m WHERE m.provider_id = p.id) AS staff,
              (SELECT array_agg(s.id ORDER BY s.id) FROM services s WHERE s.provider_id = p.id) AS services
         FROM providers p WHERE p.booking_link = ANY($1::text[])`,
      [Array.from({ length: size }, (_, i) => bookingLinkOf(i))],
    );
    return rows;
  });

async function measure(url: string, dataDir: string, pages: Page[], processes: number, total: number): Promise<Row> {
  const servers: StartedServer[] = await Promise.all(
    Array.from({ length: processes }, () =>
      startServer(
        { DATABASE_URL: url, TRUST_PROXY: "1" },
        undefined,
        undefined,
        // SCALE_PROFILE=<folder>: a CPU profile of each process (node --cpu-prof), written as it stops.
        [...(process.env.SCALE_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.SCALE_PROFILE}`] : []), ...demoScript("server")],
      ),
    ),
  );
  try {
    const random = sequence(processes * 7919 + pages.length);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const address = () => `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`;
    const today = todayIn("Europe/Oslo", TEST_NOW);
    /** A day the page is open (Monday to Saturday in its own zone), 2 to 56 days from its today. */
    /** A half hour from 09:00 to 16:30 on a day the page is open (Monday to Saturday in its own zone), 2 to 56 days from its today. */
    const openSlot = (page: Page) => {
      for (;;) {
        const date = addDays(todayIn(page.zone, TEST_NOW), 2 + Math.floor(random() * 55));
        const time = `${String(9 + Math.floor(random() * 8)).padStart(2, "0")}:${random() < 0.5 ? "00" : "30"}`;
        if (weekdayOf(date) !== 0) return { date, time };
      }
    };
    const [year, month] = addDays(today, 7).split("-").map(Number) as [number, number];
    const twenty = pages.filter((page) => page.staff.length === 20);
    const bookable = pages.filter((page) => !page.verifies);
    const verifying = pages.filter((page) => page.verifies);

    const monthOfTwenty = () => {
      const page = pick(twenty.length ? twenty : pages);
      return post("/api/Appointment/availableHours/month", address(), {
        userId: page.userId,
        year,
        month,
        day: 1,
        serviceBookings: [{ serviceId: pick(page.services) }],
        staffMemberId: null,
      });
    };
    /** What `run` answers, and the cores each party kept busy meanwhile. */
    const busyWhile = async <T>(run: () => Promise<T>) => {
      const now = () =>
        cpuTime(
          servers.map((server) => server.url),
          dataDir,
        );
      const before = await now();
      const result = await run();
      return { result, cores: coresBusy(before, await now()) };
    };
    // One at a time first: the time a month takes to answer, with no queue in front of it.
    const alone = await load(servers.slice(0, 1), 1, monthOfTwenty);
    const { result: month_, cores: monthCores } = await busyWhile(() => load(servers, 10, monthOfTwenty));

    const before = await maxAppointmentId(url);
    let booked = 0;
    const { result: bookings, cores: bookingCores } = await busyWhile(() =>
      load(servers, 40, () => {
        const page = pick(bookable);
        const { date, time } = openSlot(page);
        booked += 1;
        return post(
          `/api/Appointment?userId=${page.userId}`,
          address(),
          bookingRequest({ userId: page.userId } as Provider, { id: page.services[0]! } as Service, date, time, {
            staffMemberId: pick(page.staff),
            phoneNumber: `4${String(Math.floor(random() * 1e7)).padStart(7, "0")}`,
            phoneNumberCountryCode: 47,
            emailAddress: `bench${booked}@example.com`,
            firstName: "Bench Customer",
            customFields: [],
            // One message per booking, its e-mail receipt, as a visitor who ticks nothing else.
            smsReceipt: false,
            emailReminder: false,
          }),
        );
      }),
    );
    const doubleBooked = await doubleBookings(url, before);

    const holds = await load(servers, 40, () => {
      const page = pick(bookable);
      const { date, time } = openSlot(page);
      const [hour, minute] = time.split(":").map(Number) as [number, number];
      return post("/api/Appointment/hold", address(), {
        userId: page.userId,
        ...dateParts(date),
        hour,
        minute,
        serviceBookings: [{ serviceId: page.services[0]! }],
        staffMemberId: null,
      });
    });
    const codes = await load(servers, 40, () => {
      const page = pick(verifying);
      return post(`/api/Appointment/verificationCode?userId=${page.userId}`, address(), {
        phoneNumber: `9${String(Math.floor(random() * 1e7)).padStart(7, "0")}`,
        phoneNumberCountryCode: 47,
        firstName: "Bench",
      });
    });
    const memoryMb = await Promise.all(servers.map(residentMb));
    return {
      pages: pages.length,
      rows: total,
      processes,
      month: { ...month_.latency, perSecond: month_.ok / SECONDS, errors: month_.errors, alone: alone.latency.p50 },
      bookings: { perSecond: bookings.ok / SECONDS, occupied: bookings.statuses[409] ?? 0, doubleBooked, errors: bookings.errors },
      holds: { perSecond: holds.ok / SECONDS, errors: holds.errors },
      codes: { perSecond: codes.ok / SECONDS, errors: codes.errors },
      memoryMb,
      monthCores,
      bookingCores,
    };
  } finally {
    await Promise.all(servers.map((server) => server.stopped()));
  }
}

interface Sent {
  path: string;
  headers: Record<string, string>;
  body: string;
}

const post = (path: string, address: string, body: unknown): Sent => ({
  path,
  // As a browser asks: the answers come compressed (demo/api/compressed-answers.ts), and the bench pays for it.
  headers: { "content-type": "application/json", "x-forwarded-for": address, "accept-encoding": "gzip, deflate, br" },
  body: JSON.stringify(body),
});

/**
 * `connections` requests in flight for SECONDS, spread over the processes (one autocannon
 * instance each, side by side), each request made by `next`. Answers the 2xx count, the
 * errors (no answer, 5xx), every status and the latency percentiles of the 2xx answers.
 */
async function load(servers: StartedServer[], connections: number, next: () => Sent) {
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const samples: string[] = [];
  let errors = 0;
  await Promise.all(
    servers.map(
      (server, index) =>
        new Promise<void>((resolve, reject) => {
          const share = Math.floor(connections / servers.length) + (index < connections % servers.length ? 1 : 0);
          const instance = autocannon(
            {
              url: server.url,
              connections: share,
              duration: SECONDS,
              requests: [
                {
                  method: "POST",
                  setupRequest: (request) => ({ ...request, ...next() }),
                  ...(process.env.SCALE_DEBUG
                    ? { onResponse: (status: number, body: string) => void (status >= 300 && samples.length < 3 && samples.push(body)) }
                    : {}),
                },
              ],
            },
            (error) => (error ? reject(error) : resolve()),
          );
          instance.on("response", ((_client: unknown, status: number, _bytes: number, ms: number) => {
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status >= 200 && status < 300) times.push(ms);
            if (status >= 500) errors += 1;
          }) as never);
          instance.on("reqError", () => {
            errors += 1;
          });
        }),
    ),
  );
  if (samples.length) console.error(samples);
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(times, p) * 10) / 10;
  return { ok: times.length, errors, statuses, latency: { p50: at(50), p95: at(95), p99: at(99) } };
}

const maxAppointmentId = (url: string) =>
  withPgClient(
    url,
    async (client) => (await client.query<{ max: number }>("SELECT coalesce(max(id), 0) AS max FROM appointments")).rows[0]!.max,
  );

/** Appointments made since `after` that overlap another live one of the same staff member (the exclusion constraint says 0). */
const doubleBookings = (url: string, after: number) =>
  withPgClient(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM appointments a JOIN appointments b
          ON b.staff_member_id = a.staff_member_id AND b.id <> a.id AND b.status <> 'cancelled'
         AND tstzrange(b.blocked_from, b.blocked_until) && tstzrange(a.blocked_from, a.blocked_until) AND b.session_key <> a.session_key
       WHERE a.id > $1 AND a.status <> 'cancelled'`,
      [after],
    );
    return rows[0]!.n;
  });

async function residentMb(server: StartedServer): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const bytes = Number(/^process_resident_memory_bytes (\d+)/m.exec(text)?.[1] ?? Number.NaN);
  return Math.round(bytes / 2 ** 20);
}

const cores = ({ api, database, load }: Cores) => [api, database, load].map((n) => n.toFixed(2)).join(" / ");

function table(rows: Row[]): string {
  const head = [
    "pages (rows)",
    "processes",
    "month alone p50",
    "month p50 / p95 / p99 (10 in flight)",
    "month per s",
    "bookings per s (409s)",
    "double booked",
    "holds per s",
    "codes per s",
    "5xx or no answer",
    "memory per process",
    "cores busy in months: API / PostgreSQL / load",
    "in bookings",
  ];
  const lines = rows.map((row) => [
    `${row.pages} (${(row.rows / 1e6).toFixed(2)} M)`,
    String(row.processes),
    `${row.month.alone} ms`,
    `${row.month.p50} / ${row.month.p95} / ${row.month.p99} ms`,
    row.month.perSecond.toFixed(0),
    `${row.bookings.perSecond.toFixed(0)} (${row.bookings.occupied})`,
    String(row.bookings.doubleBooked),
    row.holds.perSecond.toFixed(0),
    row.codes.perSecond.toFixed(0),
    String(row.month.errors + row.bookings.errors + row.holds.errors + row.codes.errors),
    row.memoryMb.map((mb) => `${mb} MB`).join(", "),
    cores(row.monthCores),
    cores(row.bookingCores),
  ]);
  return [head, head.map(() => "---"), ...lines].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

await main();
