import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/** What every log line written while a request is handled carries. */
interface RequestContext {
  requestId: string;
}

const context = new AsyncLocalStorage<RequestContext>();

/** The request id of the request being handled here, if any (logger.ts adds it to each line). */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/** A proxy's X-Request-Id is kept when it looks like one (so its logs and ours join); else a new one. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Gives each request an id, answered as X-Request-Id, under which everything the
 * request logs is written (AsyncLocalStorage: no parameter to pass down).
 */
export function requestIdMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header("x-request-id");
    const requestId = given && ACCEPTED_ID.test(given) ? given : randomUUID();
    c.header("X-Request-Id", requestId);
    await context.run({ requestId }, next);
    c.header("X-Request-Id", requestId);
  };
}
