import { Hono } from "hono";
import * as v from "valibot";
import type { Database } from "../db/database.ts";
import { validated } from "../http-errors.ts";
import { messagesTo } from "../outbox/outbox.ts";
import type { ServerKeys } from "../secrets/server-keys.ts";

const OutboxQuery = v.object({
  to: v.pipe(v.string(), v.trim(), v.minLength(3, "must be a phone number or an e-mail address"), v.maxLength(254)),
});

/** The demo's outbox reader, codes and all: mounted only in the demo (npm start, tests). */
export function devRoutes(db: Database, keys: ServerKeys) {
  return new Hono().get("/dev/outbox", validated("query", OutboxQuery), async (c) => {
    const { to } = c.req.valid("query");
    return c.json(await messagesTo(db, keys, to));
  });
}
