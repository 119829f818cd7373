import { createServer, type RequestListener, type Server, type ServerOptions } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { Registry } from "prom-client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadShedding, registerLoadMetrics, type LoadShedding } from "../../demo/api/operations/load-shedding.ts";
import { healthRoutes } from "../../demo/api/routes/health-routes.ts";
import { readLimits } from "../../demo/api/limits/read-limits.ts";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { bookingPage, dateParts, hoursFor } from "../support/booking-helpers.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 58 point 1, over real sockets on PGlite and PostgreSQL: a process takes on so many
// requests at once and lets so many wait; beyond, 503 overloaded with Retry-After at once.
// Writes come before reads; health, readiness, metrics and payment webhooks are never
// shed. The database is held still (a transaction locking the pages' table) so that the
// requests in flight stay in flight for as long as the test needs: no sleeps, no timing.

let api: TestApi;
let clinic: Provider;
let physio: Service;
beforeAll(async () => {
  api = await startTestApi();
  ({
    provider: clinic,
    services: { Physiotherapy: physio },
  } = (await bookingPage(api, "demo-clinic")) as never);
});
afterAll(() => api.close());
beforeEach(() => api.reset());

interface Process {
  url: string;
  load: LoadShedding;
  registry: Registry;
  close(): Promise<void>;
}
const processes: Process[] = [];
afterEach(async () => {
  await Promise.all(processes.splice(0).map((process) => process.close()));
});

/** The test API served as the server serves it: its load shedding before Hono, beside /healthz, /readyz and /metrics. */
async function serveProcess(
  places: { maxInFlight: number; maxQueued: number; retryAfterSeconds?: number },
  app = api.app,
): Promise<Process> {
  const load = loadShedding(
    { retryAfterSeconds: 1, ...places, maxQueueWaitMs: 60_000 },
    {
      neverShed: ["/api/payments/stripe/webhook"],
      refuseEarly: app.readLimits.early,
      // The client's address as the test names it (every socket here is 127.0.0.1).
      addressOf: (request) => String(request.headers["x-test-address"] ?? request.socket.remoteAddress),
    },
  );
  const registry = new Registry();
  const stopMetrics = registerLoadMetrics(registry, load);
  const site = new Hono()
    .route("/", healthRoutes(api.db, undefined, load))
    .get("/metrics", async (c) => c.text(await registry.metrics()))
    .route("/", app);
  const server = createAdaptorServer({
    fetch: site.fetch,
    createServer: ((options: ServerOptions, listener: RequestListener) =>
      createServer(options, load.listener(listener))) as typeof createServer,
  }) as Server;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const started: Process = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    load,
    registry,
    close: async () => {
      stopMetrics();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  processes.push(started);
  return started;
}

/** Holds every read of a booking page still (on PGlite, every query) until `release()`. */
async function holdDatabase() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = api.db.transaction(async (tx) => {
    await tx.query("LOCK TABLE providers IN ACCESS EXCLUSIVE MODE");
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await holding;
  };
}

/** Asks, and answers the status, the body's code and Retry-After, with when the answer came (its place in `order`). */
function ask(process: Process, path: string, init: RequestInit = {}, order: string[] = [], name = path) {
  return fetch(`${process.url}${path}`, init).then(async (answer) => {
    order.push(name);
    const text = await answer.text();
    const code = answer.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as { code?: string; status?: string }) : {};
    return { status: answer.status, code: code.code ?? code.status, retryAfter: answer.headers.get("retry-after") };
  });
}

const pageRead = (process: Process, order?: string[], name?: string) => ask(process, "/api/User/ByUser/demo-clinic", {}, order, name);
const monthRead = (process: Process, order?: string[], name?: string) =>
  ask(
    process,
    "/api/Appointment/availableHours/month",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userId: clinic.userId, ...dateParts(physio.firstAvailable!), serviceBookings: [{ serviceId: physio.id }] }),
    },
    order,
    name,
  );
const hold = (process: Process, time: string, order?: string[]) => {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return ask(
    process,
    "/api/Appointment/hold",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        userId: clinic.userId,
        ...dateParts(physio.firstAvailable!),
        hour,
        minute,
        serviceBookings: [{ serviceId: physio.id }],
      }),
    },
    order,
    "hold",
  );
};

/** Waits until the process has `inFlight` requests at work and `queued` waiting (each arrives over its own socket). */
async function until(process: Process, inFlight: number, queued: number) {
  for (let i = 0; i < 500; i++) {
    const status = process.load.status();
    if (status.inFlight === inFlight && status.queued === queued) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never reached ${inFlight} in flight and ${queued} waiting: ${JSON.stringify(process.load.status())}`);
}

describe("load shedding: a process's caps", () => {
  it("works on its places, lets the next wait, and answers 503 overloaded with Retry-After at once beyond; those taken are answered", async () => {
    const process = await serveProcess({ maxInFlight: 2, maxQueued: 2 });
    const release = await holdDatabase();
    const taken = [pageRead(process), monthRead(process)];
    await until(process, 2, 0);
    taken.push(pageRead(process), monthRead(process));
    await until(process, 2, 2);
    expect(await pageRead(process)).toEqual({ status: 503, code: "overloaded", retryAfter: "1" });
    expect(await monthRead(process)).toEqual({ status: 503, code: "overloaded", retryAfter: "1" });
    await release();
    expect((await Promise.all(taken)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(process.load.status()).toEqual({ inFlight: 0, queued: 0, overloaded: true });
  });

  it("never sheds health, readiness, metrics or a payment webhook; readiness says overloaded, the metrics say how far", async () => {
    const process = await serveProcess({ maxInFlight: 1, maxQueued: 1 });
    expect(await ask(process, "/readyz")).toMatchObject({ status: 200, code: "ready" });
    const release = await holdDatabase();
    const taken = [pageRead(process)];
    await until(process, 1, 0);
    taken.push(pageRead(process));
    await until(process, 1, 1);
    expect((await pageRead(process)).status).toBe(503);
    expect(await ask(process, "/healthz")).toMatchObject({ status: 200, code: "ok" });
    expect(await ask(process, "/readyz")).toMatchObject({ status: 503, code: "overloaded" });
    const metrics = await (await fetch(`${process.url}/metrics`)).text();
    expect(metrics).toMatch(/^booking_requests_in_flight 1$/m);
    expect(metrics).toMatch(/^booking_requests_queued 1$/m);
    expect(metrics).toMatch(/^booking_requests_shed_total\{priority="read",reason="queue-full"\} 1$/m);
    expect(metrics).toMatch(/^booking_overloaded 1$/m);
    expect(metrics).toMatch(/^booking_event_loop_delay_seconds\{quantile="0.99"\} [\d.e-]+$/m);
    // A gateway's notification goes in whatever the load: it reaches the API (which has no Stripe here, so no such route).
    const webhook = await ask(process, "/api/payments/stripe/webhook", { method: "POST", body: "{}" });
    expect(webhook.status).toBe(404);
    await release();
    expect((await Promise.all(taken)).map((answer) => answer.status)).toEqual([200, 200]);
  });

  it("gives a freed place to a hold before the reads that waited longer, and a write at a full queue takes the last read's place", async () => {
    const process = await serveProcess({ maxInFlight: 1, maxQueued: 2 });
    const [free] = (await hoursFor(api, clinic, physio)).hoursToBook;
    const release = await holdDatabase();
    const order: string[] = [];
    const first = pageRead(process, order, "first read");
    await until(process, 1, 0);
    const waiting = monthRead(process, order, "waiting read");
    await until(process, 1, 1);
    const last = pageRead(process, order, "last read");
    await until(process, 1, 2);
    const held = hold(process, free!.backendLabel, order);
    expect(await last).toEqual({ status: 503, code: "overloaded", retryAfter: "1" });
    await until(process, 1, 2);
    await release();
    const answers = await Promise.all([first, held, waiting]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(order).toEqual(["last read", "first read", "hold", "waiting read"]);
    expect([...process.load.shedCounts()]).toEqual([["read:displaced", 1]]);
  });

  it("gives no place to a body still arriving, and answers a body past the bound 413 body-too-large before any place", async () => {
    const process = await serveProcess({ maxInFlight: 1, maxQueued: 0 });
    const { port } = new URL(process.url);
    const trickle = connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => trickle.once("connect", resolve));
    trickle.write("POST /api/Appointment/hold HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{");
    // The trickling client holds its connection only: the one place still takes a read.
    expect((await pageRead(process)).status).toBe(200);
    expect(process.load.status()).toMatchObject({ inFlight: 0, queued: 0 });
    trickle.destroy();
    const tooLarge = await ask(process, "/api/Appointment/hold", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(70_000) }),
    });
    expect(tooLarge).toEqual({ status: 413, code: "body-too-large", retryAfter: null });
    expect([...process.load.shedCounts()]).toEqual([]);
  });

  it("refuses a read from an address over its read limit with 429 at once, before a place, while the places are full; its holds still wait for one", async () => {
    const process = await serveProcess({ maxInFlight: 1, maxQueued: 1 });
    const [first, second] = (await hoursFor(api, clinic, physio)).hoursToBook;
    // This address's minute of reads, used up (cheap ones: a month asked without its fields, 400).
    let answer = { status: 400 } as Awaited<ReturnType<typeof ask>>;
    for (let n = 0; answer.status === 400 && n <= readLimits.perAddress.max; n++) {
      answer = await ask(process, "/api/Appointment/availableHours/month", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
    }
    expect(answer).toMatchObject({ status: 429, code: "too-many-reads" });
    const release = await holdDatabase();
    const held = [hold(process, first!.backendLabel)];
    await until(process, 1, 0);
    held.push(hold(process, second!.backendLabel));
    await until(process, 1, 1);
    // Full: any other request would be shed 503. This address's reads are refused for what they are.
    const refused = await Promise.all([monthRead(process), pageRead(process), monthRead(process)]);
    for (const one of refused) expect(one).toMatchObject({ status: 429, code: "too-many-reads" });
    expect(Number(refused[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(process.load.status()).toMatchObject({ inFlight: 1, queued: 1 });
    expect([...process.load.shedCounts()]).toEqual([]);
    await release();
    expect((await Promise.all(held)).map((one) => one.status)).toEqual([200, 200]);
  });

  it("serves a read from an address that asks again before its Retry-After after the reads that waited as told", async () => {
    const process = await serveProcess({ maxInFlight: 1, maxQueued: 1, retryAfterSeconds: 60 });
    const [free] = (await hoursFor(api, clinic, physio)).hoursToBook;
    const from = (address: string) => ({ headers: { "x-test-address": address } });
    let release = await holdDatabase();
    const first = [pageRead(process)];
    await until(process, 1, 0);
    first.push(pageRead(process));
    await until(process, 1, 1);
    // The hasty address is shed, and told to come back in a minute.
    expect(await ask(process, "/api/User/ByUser/demo-clinic", from("198.51.100.7"))).toEqual({
      status: 503,
      code: "overloaded",
      retryAfter: "60",
    });
    await release();
    await Promise.all(first);
    release = await holdDatabase();
    const held = hold(process, free!.backendLabel);
    await until(process, 1, 0);
    // It asks again at once: it waits last in line, and a read that waited as told takes its place.
    const hasty = ask(process, "/api/User/ByUser/demo-clinic", from("198.51.100.7"));
    await until(process, 1, 1);
    const patient = ask(process, "/api/User/ByUser/demo-clinic", from("203.0.113.20"));
    expect(await hasty).toEqual({ status: 503, code: "overloaded", retryAfter: "60" });
    await release();
    expect([(await held).status, (await patient).status]).toEqual([200, 200]);
    expect(Object.fromEntries(process.load.shedCounts())).toEqual({ "read:queue-full": 1, "early-retry:displaced": 1 });
  });

  it("caps each process apart: a second process takes its own requests while the first sheds", async () => {
    const [full, other] = [await serveProcess({ maxInFlight: 1, maxQueued: 0 }), await serveProcess({ maxInFlight: 1, maxQueued: 0 })];
    const release = await holdDatabase();
    const taken = pageRead(full);
    await until(full, 1, 0);
    expect((await pageRead(full)).status).toBe(503);
    const elsewhere = pageRead(other);
    await until(other, 1, 0);
    await release();
    expect([(await taken).status, (await elsewhere).status]).toEqual([200, 200]);
  });
});
