import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { Refusal } from "../http-errors.ts";

/**
 * The most a widget's JSON call may send (the payment gateways' notifications have limits
 * of their own). An honest booking or profile is 1 to 3 KB. The largest the schemas let
 * through, every text at its length cap in three-byte characters, is 37 KB for a booking
 * (ten custom fields of 500 characters, ten services, a series of twelve) and 43 KB for a
 * profile (fifty custom fields of 200): body-limits.test.ts. Above both, so no visitor
 * ever meets it (every call took 100 KB before).
 */
export const JSON_BODY_MAX_BYTES = 64 * 1024;

/** The requests whose body a limit has taken: the first limit that applies is the request's. */
const limited = new WeakSet<Context>();

/**
 * Refuses a body larger than `maxBytes` with 413 body-too-large: at once by its
 * Content-Length, or (sent in chunks, without one) as soon as the bytes counted pass it,
 * never holding more. A route given its own limit (registered before the API's default,
 * app.ts) keeps it: the default then leaves the request alone. The unread rest of the
 * body would be taken for the next request on the connection: the 413 closes it, so the
 * client's next request goes on a fresh one.
 */
export function bodyLimited(maxBytes: number): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      c.header("Connection", "close");
      throw new Refusal("body-too-large");
    },
  });
  return async (c, next) => {
    if (limited.has(c)) return next();
    limited.add(c);
    return limit(c, next);
  };
}
