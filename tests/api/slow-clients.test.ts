import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { connectionLimitsFrom, limitedServer } from "../../demo/api/operations/connection-limits.ts";
import { bookingPage, bookingRequest, loginToken } from "../support/booking-helpers.ts";
import { expectedFirstDay } from "../support/expected-times.ts";
import { httpApi, startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 58, point 4: slowloris-style clients cannot hold the server's connections. 2,000
// slow connections on real sockets against the API served as demo/server.ts serves it,
// with the operator's settings shortened so the test takes seconds: honest bookings go
// through while they are open, and the server closes every one after its timeout.

const LIMITS = connectionLimitsFrom({ HEADERS_TIMEOUT_SECONDS: "6", REQUEST_TIMEOUT_SECONDS: "7", KEEP_ALIVE_TIMEOUT_SECONDS: "4" });
/** Node checks the header and request timeouts on a timer, and closes an idle keep-alive connection a second after its timeout. */
const CHECK_MS = limitedServer(LIMITS).serverOptions.connectionsCheckingInterval!;
const KEEP_ALIVE_CLOSE_MS = LIMITS.keepAliveTimeoutMs + 1000;
/** How late a close may come on a machine busy with 2,000 sockets (CI shares two cores). */
const LATE_MS = 3000;

let api: TestApi;
let server: Server;
let base: string;
let salon: Provider;
let haircut: Service;

beforeAll(async () => {
  api = await startTestApi();
  ({
    provider: salon,
    services: { "Men's haircut": haircut },
  } = (await bookingPage(api, "demo-salon")) as never);
  server = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1", ...limitedServer(LIMITS) }) as Server;
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
});

type Kind = "silent" | "headers" | "body" | "idle";
/**
 * How many of each, opened in this order: those whose clock starts as they connect, the
 * longest timeout first (bodies: 7 s, then headers and silent: 6 s), and the idle ones last
 * (closed 5 s after their answer), so that all are open at once for longest. Each body and
 * idle connection costs the API a request's work, the others only node's parser:
 * slowloris's own kind, headers a byte at a time, are most of them.
 */
const HOW_MANY: Record<Kind, number> = { body: 300, headers: 1000, silent: 400, idle: 300 };
const KINDS = Object.keys(HOW_MANY) as Kind[];
interface SlowClient {
  kind: Kind;
  socket: Socket;
  /** When its timeout starts: connected, or (idle) answered. */
  since: number;
  /** Idle: its one request answered, its connection kept alive. */
  answered: Promise<void>;
  received: string;
  closedAfterMs?: number;
}

/** What each kind sends first: nothing; headers never finished; a body promised and never all sent; one whole request. */
const opening = (kind: Kind, userId: number) =>
  ({
    silent: "",
    headers: "GET /api/User/ByUser/demo-salon HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
    body: `POST /api/Appointment?userId=${userId} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 8000\r\n\r\n{"comment":"`,
    idle: "GET /api/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
  })[kind];

/** Opens one slow connection: resolves once connected, with its close recorded. */
function openSlow(kind: Kind, port: number): Promise<SlowClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = () => {};
    const client: SlowClient = { kind, socket, since: 0, answered: new Promise((resolve) => (answer = resolve)), received: "" };
    socket.setEncoding("latin1");
    socket.on("error", reject);
    socket.on("close", () => (client.closedAfterMs = performance.now() - client.since));
    socket.on("data", (text: string) => {
      client.received += text;
      if (kind === "idle" && client.since === 0 && client.received.includes("\r\n\r\n")) {
        client.since = performance.now();
        answer();
      }
    });
    socket.on("connect", () => {
      if (kind !== "idle") client.since = performance.now();
      socket.write(opening(kind, salon.userId));
      resolve(client);
    });
  });
}

const openConnections = () => new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count)));

describe("2,000 slow connections", () => {
  it("honest bookings succeed while they are open, and the server closes each after its timeout", async () => {
    const port = (server.address() as AddressInfo).port;
    const slow: SlowClient[] = [];
    // The trickle: a byte of header or body to each, every half second, as slowloris sends.
    const trickling = setInterval(() => {
      for (const client of slow)
        if ((client.kind === "headers" || client.kind === "body") && client.closedAfterMs === undefined) client.socket.write("a");
    }, 500);
    try {
      // In batches, each accepted before the next: the listen backlog holds 511 connections
      // not yet accepted, and the server shares this process's event loop.
      let accepted = 0;
      let caughtUp = () => {};
      const counted = () => ++accepted >= slow.length && caughtUp();
      server.on("connection", counted);
      for (const kind of KINDS)
        for (let opened = 0; opened < HOW_MANY[kind]; opened += 100) {
          slow.push(...(await Promise.all(Array.from({ length: 100 }, () => openSlow(kind, port)))));
          if (accepted < slow.length) await new Promise<void>((resolve) => (caughtUp = resolve));
        }
      server.off("connection", counted);
      expect(slow).toHaveLength(2000);
      await Promise.all(slow.filter((client) => client.kind === "idle").map((client) => client.answered));
      expect(await openConnections()).toBeGreaterThanOrEqual(2000);

      // An honest visitor books three times meanwhile, over connections of its own.
      const visitor = httpApi(base);
      const token = await loginToken(visitor, salon, "2125550123", "salon-demo-1");
      const day = expectedFirstDay("demo-salon", 30);
      for (const time of day.times.slice(0, 3)) {
        const booking = bookingRequest(salon, haircut, day.iso, time, {
          phoneNumber: "2125550123",
          customerAccountIdentificationCode: token,
          customFields: [],
          staffMemberId: null,
        });
        const booked = await visitor.postJson(`/Appointment?userId=${salon.userId}`, booking);
        expect(booked.status, await booked.clone().text()).toBe(200);
      }
      // Meanwhile: none of the 2,000 had been let go.
      expect(
        slow.filter((client) => client.closedAfterMs !== undefined).map(({ kind, closedAfterMs }) => ({ kind, closedAfterMs })),
      ).toEqual([]);

      // Each is closed by the server (the test closes none), after its timeout and not much later.
      await Promise.all(slow.map((client) => client.closedAfterMs ?? new Promise((resolve) => client.socket.once("close", resolve))));
      const timeoutOf: Record<Kind, number> = {
        silent: LIMITS.headersTimeoutMs,
        headers: LIMITS.headersTimeoutMs,
        body: LIMITS.requestTimeoutMs,
        idle: KEEP_ALIVE_CLOSE_MS,
      };
      // An idle connection's clock starts as its answer is read here, a little after node's.
      const earliestOf: Record<Kind, number> = { ...timeoutOf, idle: LIMITS.keepAliveTimeoutMs };
      for (const kind of KINDS) {
        const closes = slow.filter((client) => client.kind === kind).map((client) => client.closedAfterMs!);
        expect(closes, kind).toHaveLength(HOW_MANY[kind]);
        expect(Math.min(...closes), kind).toBeGreaterThanOrEqual(earliestOf[kind]);
        expect(Math.max(...closes), kind).toBeLessThanOrEqual(timeoutOf[kind] + CHECK_MS + LATE_MS);
      }
      // Those still sending were told why (408); an idle keep-alive connection is just closed.
      for (const client of slow) {
        if (client.kind === "idle") expect(client.received.split("HTTP/1.1 ")).toEqual(["", expect.stringMatching(/^404 .*\}$/s)]);
        else expect(client.received).toMatch(/HTTP\/1\.1 408 Request Timeout\r\n/);
      }
    } finally {
      clearInterval(trickling);
      for (const client of slow) client.socket.destroy();
    }
  }, 30_000);
});

describe("beyond the caps", () => {
  it("a connection past MAX_CONNECTIONS is closed as it arrives; headers past MAX_HEADER_BYTES are answered 431", async () => {
    const capped = serve({
      fetch: api.app.fetch,
      port: 0,
      hostname: "127.0.0.1",
      ...limitedServer(connectionLimitsFrom({ MAX_CONNECTIONS: "20", MAX_HEADER_BYTES: "4096" })),
    }) as Server;
    await new Promise((resolve) => capped.once("listening", resolve));
    const port = (capped.address() as AddressInfo).port;
    const held: Socket[] = [];
    const accepted: Socket[] = [];
    capped.on("connection", (socket: Socket) => accepted.push(socket));
    try {
      for (let i = 0; i < 20; i++) held.push((await openSlow("silent", port)).socket);
      const refused = await openSlow("silent", port);
      await new Promise((resolve) => refused.socket.once("close", resolve));
      expect(refused.closedAfterMs).toBeLessThan(1000);
      expect(refused.received).toBe("");
      // One of the twenty gone, a new one gets in, and is answered.
      const oneGone = Promise.race(accepted.map((socket) => new Promise((resolve) => socket.once("close", resolve))));
      held.pop()!.destroy();
      await oneGone;
      const large = await openSlow("silent", port);
      large.socket.write(`GET /api/User/ByUser/demo-salon HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Large: ${"x".repeat(5000)}\r\n\r\n`);
      await new Promise((resolve) => large.socket.once("close", resolve));
      expect(large.received).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    } finally {
      for (const socket of held) socket.destroy();
      capped.closeAllConnections();
      await new Promise((resolve) => capped.close(resolve));
    }
  });
});
