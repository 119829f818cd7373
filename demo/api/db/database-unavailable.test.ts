import { describe, expect, it } from "vitest";
import { DatabaseUnavailable, isDatabaseUnavailable } from "./database-unavailable.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("an error that means the database cannot serve right now (answered 503, retryable)", () => {
  it.each([
    ["no server listening", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["the connection reset", withCode("read ECONNRESET", "ECONNRESET")],
    ["a server starting up", withCode("the database system is starting up", "57P03")],
    ["a server shut down by its operator", withCode("terminating connection due to administrator command", "57P01")],
    ["a server that crashed", withCode("terminating connection because of crash of another server process", "57P02")],
    ["a standby where the primary was (after a failover)", withCode("cannot execute INSERT in a read-only transaction", "25006")],
    ["out of connections", withCode("sorry, too many clients already", "53300")],
    ["PgBouncer's protocol-level refusal", withCode("no more connections allowed (max_client_conn)", "08P01")],
    ["node-postgres: the connection ended", new Error("Connection terminated unexpectedly")],
    ["node-postgres: no connection within the pool's time", new Error("timeout exceeded when trying to connect")],
    ["a standby found by this code", new DatabaseUnavailable("10.0.0.1:5432 accepts no writes (a standby)")],
    ["every address refused (happy eyeballs)", new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "")],
  ])("%s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation (a request's conflict)", withCode("duplicate key value violates unique constraint", "23505")],
    ["an exclusion violation (a time taken)", withCode("conflicting key value violates exclusion constraint", "23P01")],
    ["a syntax error (the code's fault)", withCode('syntax error at or near "SELEC"', "42601")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["not an error at all", "ECONNREFUSED"],
  ])("not %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
