import type { Context } from "hono";

/**
 * The caller's network address, for throttling guesses. It is the socket's peer as
 * @hono/node-server hands it over; X-Forwarded-For is not trusted (anyone can send
 * it). Requests answered in-process (tests) count as "local".
 */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "local";
}
