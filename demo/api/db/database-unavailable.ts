/**
 * Whether an error means "the database cannot serve right now" (it is down, restarting,
 * being failed over, out of connections, or the connection to it broke), as opposed to
 * a fault in the request or the code. Such a request is answered 503 with Retry-After
 * (app.ts): the same request, sent again in a moment, may well succeed, and nothing it
 * wrote was committed unless its answer said so.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailable) return true;
  // net's happy-eyeballs connect throws an AggregateError of one error per address.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE: a connection exception, a shutdown or start-up, resources, or a read-only
    // server (a standby: the old primary's address after a failover).
    if (/^(08|53)[0-9A-Z]{3}$/.test(code) || SERVER_STATES.has(code)) return true;
  }
  return PG_CLIENT_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Thrown where this code finds the database unusable itself (a standby where a primary is wanted). */
export class DatabaseUnavailable extends Error {
  override readonly name = "DatabaseUnavailable";
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** admin_shutdown, crash_shutdown, cannot_connect_now ("the database system is starting up"), read_only_sql_transaction. */
const SERVER_STATES = new Set(["57P01", "57P02", "57P03", "25006"]);

/** node-postgres's own words when a connection ends or cannot be had (it gives them no code). */
const PG_CLIENT_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Query read timeout$/,
  /^Client was closed and is not queryable$/,
];
