import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { REFUSALS } from "booking-widget/contract";
import { Counter, Gauge, type Registry } from "prom-client";
import type { Logger } from "../logger.ts";
import { admission, type AdmissionLimits, type ShedReason } from "./admission.ts";
import { OPERATIONS_PATHS, requestPriority } from "./request-priority.ts";
import { JSON_BODY_MAX_BYTES } from "./body-limits.ts";

export interface LoadSettings extends AdmissionLimits {
  /** What a 503 overloaded asks the client to wait. */
  retryAfterSeconds: number;
}

/** How long after its last shed request a process still says it is overloaded (GET /readyz). */
export const OVERLOADED_FOR_MS = 5_000;

export interface LoadStatus {
  inFlight: number;
  queued: number;
  /** A request was shed within the last OVERLOADED_FOR_MS: a load balancer should send new visitors elsewhere. */
  overloaded: boolean;
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The process's load shedding (issue 58), in front of the whole site at the HTTP server's
 * own request event: every request takes a place (load-settings.ts caps them) or waits in
 * a short queue, writes first; beyond, it is answered at once with 503 overloaded and
 * Retry-After. A shed answer is prepared once and written straight to the socket: under
 * a flood the process spends its time on the requests it took, not on the ones it turns
 * away.
 * Health, readiness, metrics and payment webhooks go straight through
 * (request-priority.ts). A body is read whole before its request takes a place (413
 * body-too-large past `maxBodyBytes`, as the routes' own limits answer). A place is given back when its answer has gone (or its client
 * left): what the request held in memory is then gone.
 */
export function loadShedding(
  settings: LoadSettings,
  {
    logger,
    now: currentMs = () => performance.now(),
    maxBodyBytes = JSON_BODY_MAX_BYTES,
    neverShed = [],
    refuseEarly = () => undefined,
    addressOf = (request) => request.socket.remoteAddress ?? "",
  }: {
    logger?: Logger;
    /** A refusal known before a place is taken (a read from an address over its limit): written at once, body unread. */
    refuseEarly?: (request: IncomingMessage) => { status: number; headers: Record<string, string>; body: Buffer } | undefined;
    /** The client's address as the limits key it (TRUST_PROXY's X-Forwarded-For); the socket's peer by default. */
    addressOf?: (request: IncomingMessage) => string;
    now?: () => number;
    /** The largest body a route that may be shed takes (the webhooks, never shed, read their own). */
    maxBodyBytes?: number;
    /** Paths never shed beside health, readiness and metrics: the payment gateways' webhooks (a payment's end hangs on them). */
    neverShed?: readonly string[];
  } = {},
) {
  const places = admission(settings);
  const unshed = new Set<string>([...OPERATIONS_PATHS, ...neverShed]);
  let lastShedAt = Number.NEGATIVE_INFINITY;
  const shedCounts = new Map<string, number>();
  const overloaded = () => currentMs() - lastShedAt < OVERLOADED_FOR_MS;
  const answers = overloadedAnswers(settings.retryAfterSeconds);
  const shedBefore = new WeakSet<Socket>();
  // When each address was last shed: a read it sends again before its Retry-After has passed
  // is an early retry, served after every read that waited as told (a visitor's widget does).
  const lastShed = new Map<string, number>();
  const retryAfterMs = settings.retryAfterSeconds * 1000;
  const noteShed = (address: string) => {
    lastShed.delete(address);
    lastShed.set(address, currentMs());
    for (const old of lastShed.keys()) {
      if (lastShed.size <= SHED_ADDRESSES_REMEMBERED) break;
      lastShed.delete(old);
    }
  };
  const priorityOf = (request: IncomingMessage, address: string, path: string) => {
    const priority = requestPriority(request.method ?? "GET", path, unshed);
    if (priority !== "read") return priority;
    const shedAt = lastShed.get(address);
    return shedAt !== undefined && currentMs() - shedAt < retryAfterMs ? "early-retry" : "read";
  };

  const shed = (request: IncomingMessage, response: ServerResponse, priority: string, reason: ShedReason, address: string) => {
    noteShed(address);
    if (!overloaded())
      logger?.warn("overloaded: shedding requests", { inFlight: places.inFlight, queued: places.queued, reason, priority });
    lastShedAt = currentMs();
    const label = `${priority}:${reason}`;
    shedCounts.set(label, (shedCounts.get(label) ?? 0) + 1);
    const answer = JSON_PATHS.test(request.url ?? "") ? answers.json : answers.text;
    // A connection shed twice in a row is closed: a client that asks again at once pays a
    // new connection. Once, it stays: a visitor who waits out Retry-After keeps theirs (a
    // new one can wait seconds to be taken while a flood keeps the process's busy).
    const again = shedBefore.has(request.socket);
    shedBefore.add(request.socket);
    if (again) response.shouldKeepAlive = false;
    response.writeHead(503, again ? answer.closing : answer.headers).end(answer.body);
  };

  return {
    /** The HTTP server's request listener (`next`: the site's) behind the process's places. */
    listener(next: Listener): Listener {
      return (request, response) => {
        const path = (request.url ?? "/").split("?", 1)[0]!;
        const address = addressOf(request);
        const priority = priorityOf(request, address, path);
        if (priority === "never") return next(request, response);
        const refused = refuseEarly(request);
        // Node reads and drops a body left unread once the answer has gone, keeping the connection.
        if (refused) return void response.writeHead(refused.status, refused.headers).end(refused.body);
        const admitted = () => {
          shedBefore.delete(request.socket);
          response.once("close", () => places.leave());
          next(request, response);
        };
        const take = () => {
          const outcome = places.enter(priority);
          if (outcome === true) return admitted();
          if (typeof outcome === "string") return shed(request, response, priority, outcome, address);
          void outcome.then((waited) => {
            // A client that left while waiting gives its place straight back.
            if (waited === true) return response.destroyed ? places.leave() : admitted();
            shed(request, response, priority, waited, address);
          });
        };
        // A body is read whole before its request takes a place: a client that trickles one
        // holds its own connection (until REQUEST_TIMEOUT_SECONDS), never a place of the process.
        if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return take();
        readBody(request, maxBodyBytes).then(
          (body) => {
            // @hono/node-server takes a body already read from here (its rawBody).
            (request as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
            take();
          },
          (problem: unknown) => {
            if (problem === TOO_LARGE && !response.headersSent) {
              response.shouldKeepAlive = false;
              response.writeHead(413, tooLarge.headers).end(tooLarge.body);
            }
          },
        );
      };
    },
    status(): LoadStatus {
      return { inFlight: places.inFlight, queued: places.queued, overloaded: overloaded() };
    },
    /** Requests shed since the start, by "priority:reason". */
    shedCounts(): ReadonlyMap<string, number> {
      return shedCounts;
    },
  };
}

/** How many addresses' last shed are remembered (beyond, the oldest go: they are past their Retry-After). */
const SHED_ADDRESSES_REMEMBERED = 10_000;

const TOO_LARGE = Symbol("body-too-large");

/** The request's body, or TOO_LARGE as soon as it passes `maxBytes` (by its Content-Length, or counted); a client that leaves rejects it too. */
function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers["content-length"] ?? 0) > maxBytes) return reject(TOO_LARGE);
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        request.off("data", onData);
        return reject(TOO_LARGE);
      }
      chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => resolve(Buffer.concat(chunks, size)));
    request.once("error", reject);
    request.once("close", () => reject(new Error("the client left")));
  });
}

const tooLarge = (() => {
  const body = Buffer.from(JSON.stringify({ message: REFUSALS["body-too-large"].message, code: "body-too-large" }));
  return {
    body,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": String(body.byteLength),
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
      Connection: "close",
    },
  };
})();

/** The API and the painted first screen answer JSON with the refusal code; a page, a line of text. */
const JSON_PATHS = /^\/(api|widget\/first-screen)\//;

function overloadedAnswers(retryAfterSeconds: number) {
  const { message } = REFUSALS.overloaded;
  const answer = (type: string, text: string) => {
    const body = Buffer.from(text);
    const headers = {
      "Content-Type": type,
      "Content-Length": String(body.byteLength),
      "Retry-After": String(retryAfterSeconds),
      "Cache-Control": "no-store",
      // The widget reads it from a provider's page: its code and its wait must reach it.
      "Access-Control-Allow-Origin": "*",
      "Access-Control-Expose-Headers": "Retry-After",
      "X-Content-Type-Options": "nosniff",
    };
    return { body, headers, closing: { ...headers, Connection: "close" } };
  };
  return {
    json: answer("application/json; charset=utf-8", JSON.stringify({ message, code: "overloaded" })),
    text: answer("text/plain; charset=utf-8", message),
  };
}

export type LoadShedding = ReturnType<typeof loadShedding>;

/**
 * The load's metrics: requests in flight and queued, shed by priority and reason, and the
 * event loop's delay (the time a ready callback waited for the thread: what every
 * request then waits on top of its own work), its p50, p99 and max since the last scrape.
 */
export function registerLoadMetrics(registry: Registry, load: LoadShedding) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  new Gauge({
    name: "booking_requests_in_flight",
    help: "Requests this process is working on now (load shedding's places in use).",
    registers: [registry],
    collect() {
      this.set(load.status().inFlight);
    },
  });
  new Gauge({
    name: "booking_requests_queued",
    help: "Requests waiting for a place in this process now.",
    registers: [registry],
    collect() {
      this.set(load.status().queued);
    },
  });
  new Gauge({
    name: "booking_overloaded",
    help: "1 while this process sheds requests (one was shed within the last 5 s; GET /readyz then says overloaded), else 0.",
    registers: [registry],
    collect() {
      this.set(load.status().overloaded ? 1 : 0);
    },
  });
  new Counter({
    name: "booking_requests_shed_total",
    help: "Requests answered 503 overloaded, by priority (write, read, early-retry: a read again before its Retry-After) and reason (queue-full, displaced, waited-too-long).",
    labelNames: ["priority", "reason"],
    registers: [registry],
    collect() {
      this.reset();
      for (const [label, count] of load.shedCounts()) {
        const [priority = "", reason = ""] = label.split(":");
        this.inc({ priority, reason }, count);
      }
    },
  });
  new Gauge({
    name: "booking_event_loop_delay_seconds",
    help: "The event loop's delay since the last scrape, by quantile (0.5, 0.99, and 1 for the max).",
    labelNames: ["quantile"],
    registers: [registry],
    collect() {
      for (const [quantile, value] of [
        ["0.5", delay.percentile(50)],
        ["0.99", delay.percentile(99)],
        ["1", delay.max],
      ] as const)
        this.set({ quantile }, Number.isFinite(value) ? value / 1e9 : 0);
      delay.reset();
    },
  });
  return () => delay.disable();
}
