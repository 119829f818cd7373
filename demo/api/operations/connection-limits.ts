import { createServer, type RequestListener, type Server, type ServerOptions } from "node:http";

/**
 * How long and how much one HTTP connection may take of the server (issue 58: slow and
 * large clients). A slowloris client holds a connection by sending its headers or body a
 * byte at a time, or by sending nothing; node's defaults let it (headers 60 s, a whole
 * request 5 minutes, checked every 30 s). Each open connection costs the process about
 * 10 KB (measured: 2,000 slow connections, 24 MB), so their number is bounded too.
 */
export interface ConnectionLimits {
  /** The request line and headers must arrive within this (else 408, closed); node: 60 s. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (else 408, closed); node: 5 minutes. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (node adds a second); node: 5 s. */
  keepAliveTimeoutMs: number;
  /** Requests one connection may carry; its last answer says Connection: close. 0: any number. */
  maxRequestsPerSocket: number;
  /** Headers read of one request; the rest are dropped; node: 2,000. */
  maxHeadersCount: number;
  /** The request line and headers together (else 431); node: 16 KB. */
  maxHeaderBytes: number;
  /** Connections open at once; a further one is closed as it arrives. 0: any number. */
  maxConnections: number;
}

/**
 * The defaults. A phone on a slow network sends a request's headers (under 2 KB) in well
 * under a second and the largest booking (~32 KB) in a few; a client is given 10 and 30 s.
 * 10,000 connections cost ~100 MB: beyond that, a process refuses more rather than grow.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxRequestsPerSocket: 1_000,
  maxHeadersCount: 100,
  maxHeaderBytes: 16 * 1024,
  maxConnections: 10_000,
};

/** The operator's settings (environment variables) of each limit. */
const SETTINGS = {
  headersTimeoutMs: { name: "HEADERS_TIMEOUT_SECONDS", kind: "seconds" },
  requestTimeoutMs: { name: "REQUEST_TIMEOUT_SECONDS", kind: "seconds" },
  keepAliveTimeoutMs: { name: "KEEP_ALIVE_TIMEOUT_SECONDS", kind: "seconds" },
  maxRequestsPerSocket: { name: "MAX_REQUESTS_PER_CONNECTION", kind: "count or 0" },
  maxHeadersCount: { name: "MAX_HEADERS_COUNT", kind: "count" },
  maxHeaderBytes: { name: "MAX_HEADER_BYTES", kind: "count" },
  maxConnections: { name: "MAX_CONNECTIONS", kind: "count or 0" },
} as const satisfies Record<keyof ConnectionLimits, { name: string; kind: "seconds" | "count" | "count or 0" }>;

/**
 * The limits the environment sets, each unset or blank one at its default. A value that
 * is not one refuses the start, naming the variable: seconds above 0 (fractions allowed),
 * counts whole and at least 1 (or 0 for no cap where a cap may be left off).
 */
export function connectionLimitsFrom(env: Record<string, string | undefined>): ConnectionLimits {
  const limits = { ...DEFAULT_CONNECTION_LIMITS };
  for (const [key, { name, kind }] of Object.entries(SETTINGS) as [keyof ConnectionLimits, (typeof SETTINGS)[keyof ConnectionLimits]][]) {
    const text = env[name]?.trim();
    if (!text) continue;
    const value = Number(text);
    if (kind === "seconds") {
      if (!(value > 0) || !Number.isFinite(value)) throw new Error(`${name} must be a number of seconds above 0 (got "${text}")`);
      limits[key] = Math.round(value * 1000);
    } else {
      const least = kind === "count" ? 1 : 0;
      if (!Number.isSafeInteger(value) || value < least)
        throw new Error(`${name} must be a whole number, ${least} or more${least === 0 ? " (0: no cap)" : ""} (got "${text}")`);
      limits[key] = value;
    }
  }
  // Node refuses the pair the other way round: the headers are part of the request.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs)
    throw new Error(
      `HEADERS_TIMEOUT_SECONDS (${limits.headersTimeoutMs / 1000}) must not be above REQUEST_TIMEOUT_SECONDS (${limits.requestTimeoutMs / 1000})`,
    );
  return limits;
}

/**
 * serve()'s options (@hono/node-server) for a node:http server held to `limits`. Node
 * checks the header and request timeouts on a timer (30 s by default, so a 10 s limit
 * could hold a connection 40 s): here every quarter of the headers timeout, at most 1 s.
 */
export function limitedServer(limits: ConnectionLimits): { serverOptions: ServerOptions; createServer: typeof createServer } {
  const serverOptions: ServerOptions = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    maxHeaderSize: limits.maxHeaderBytes,
    connectionsCheckingInterval: Math.min(1000, Math.ceil(limits.headersTimeoutMs / 4)),
  };
  // The rest are properties of the server, not options of its creation.
  const create = (options: ServerOptions, listener?: RequestListener): Server => {
    const server = createServer(options, listener);
    server.keepAliveTimeout = limits.keepAliveTimeoutMs;
    server.maxRequestsPerSocket = limits.maxRequestsPerSocket;
    server.maxHeadersCount = limits.maxHeadersCount;
    if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
    return server;
  };
  return { serverOptions, createServer: create as typeof createServer };
}
