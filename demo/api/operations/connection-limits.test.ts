import { describe, expect, it } from "vitest";
import { connectionLimitsFrom, DEFAULT_CONNECTION_LIMITS, limitedServer } from "./connection-limits.ts";

describe("the connection limits an operator sets", () => {
  it("are the defaults when nothing (or a blank) is set", () => {
    expect(connectionLimitsFrom({})).toEqual(DEFAULT_CONNECTION_LIMITS);
    expect(connectionLimitsFrom({ HEADERS_TIMEOUT_SECONDS: " ", MAX_CONNECTIONS: "" })).toEqual(DEFAULT_CONNECTION_LIMITS);
  });

  it("read seconds (fractions too) and counts from the environment", () => {
    expect(
      connectionLimitsFrom({
        HEADERS_TIMEOUT_SECONDS: "0.5",
        REQUEST_TIMEOUT_SECONDS: "20",
        KEEP_ALIVE_TIMEOUT_SECONDS: "65",
        MAX_REQUESTS_PER_CONNECTION: "0",
        MAX_HEADERS_COUNT: "50",
        MAX_HEADER_BYTES: "8192",
        MAX_CONNECTIONS: "2000",
      }),
    ).toEqual({
      headersTimeoutMs: 500,
      requestTimeoutMs: 20_000,
      keepAliveTimeoutMs: 65_000,
      maxRequestsPerSocket: 0,
      maxHeadersCount: 50,
      maxHeaderBytes: 8192,
      maxConnections: 2000,
    });
  });

  it("refuse the start on a value that is not one, naming the variable", () => {
    expect(() => connectionLimitsFrom({ HEADERS_TIMEOUT_SECONDS: "0" })).toThrow(
      'HEADERS_TIMEOUT_SECONDS must be a number of seconds above 0 (got "0")',
    );
    expect(() => connectionLimitsFrom({ REQUEST_TIMEOUT_SECONDS: "30s" })).toThrow(/^REQUEST_TIMEOUT_SECONDS must be a number of seconds/);
    expect(() => connectionLimitsFrom({ KEEP_ALIVE_TIMEOUT_SECONDS: "Infinity" })).toThrow(/^KEEP_ALIVE_TIMEOUT_SECONDS/);
    expect(() => connectionLimitsFrom({ MAX_HEADERS_COUNT: "0" })).toThrow('MAX_HEADERS_COUNT must be a whole number, 1 or more (got "0")');
    expect(() => connectionLimitsFrom({ MAX_HEADER_BYTES: "8.5" })).toThrow(/^MAX_HEADER_BYTES must be a whole number/);
    expect(() => connectionLimitsFrom({ MAX_CONNECTIONS: "-1" })).toThrow(
      'MAX_CONNECTIONS must be a whole number, 0 or more (0: no cap) (got "-1")',
    );
    expect(() => connectionLimitsFrom({ MAX_REQUESTS_PER_CONNECTION: "many" })).toThrow(/^MAX_REQUESTS_PER_CONNECTION/);
  });

  it("refuse headers given longer than the whole request", () => {
    expect(() => connectionLimitsFrom({ HEADERS_TIMEOUT_SECONDS: "40" })).toThrow(
      "HEADERS_TIMEOUT_SECONDS (40) must not be above REQUEST_TIMEOUT_SECONDS (30)",
    );
  });
});

describe("a server held to the limits", () => {
  it("has each limit, and checks its timeouts often enough to keep them", () => {
    const limits = connectionLimitsFrom({ HEADERS_TIMEOUT_SECONDS: "2", KEEP_ALIVE_TIMEOUT_SECONDS: "3", MAX_CONNECTIONS: "500" });
    const { serverOptions, createServer } = limitedServer(limits);
    const server = createServer(serverOptions);
    expect(server.headersTimeout).toBe(2000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(3000);
    expect(server.maxRequestsPerSocket).toBe(1000);
    expect(server.maxHeadersCount).toBe(100);
    expect(server.maxConnections).toBe(500);
    expect(serverOptions).toMatchObject({ maxHeaderSize: 16 * 1024, connectionsCheckingInterval: 500 });
    expect(limitedServer(DEFAULT_CONNECTION_LIMITS).serverOptions.connectionsCheckingInterval).toBe(1000);
  });
});
