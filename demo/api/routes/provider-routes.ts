import { Hono } from "hono";
import * as v from "valibot";
import type { Queryable } from "../db/database.ts";
import { IdText, notFound, validated } from "../http-errors.ts";
import { findProviderByLink, requireProvider } from "../providers/provider-queries.ts";

const BookingLinkText = v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/, "must be letters, digits and dashes"));
const CompanyQuery = v.object({
  id: v.pipe(v.string("is required"), v.regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,99}$/, "must be letters, digits and dashes")),
});

/** User/ByUser/{name}, User/{id}, Company/connect, CustomField/asAnonymous/{userId}. */
export function providerRoutes(db: Queryable) {
  return new Hono()
    .get("/User/ByUser/:name", validated("param", v.object({ name: BookingLinkText }), "booking link"), async (c) => {
      const { name } = c.req.valid("param");
      const provider = await findProviderByLink(db, name);
      return provider ? c.json(provider) : notFound(`No booking page named "${name}"`);
    })
    .get("/User/:id", validated("param", v.object({ id: IdText })), async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await requireProvider(db, id));
    })
    .get("/Company/connect", validated("query", CompanyQuery), async (c) => {
      const { id } = c.req.valid("query");
      const company = await db.query("SELECT id FROM companies WHERE id = lower($1)", [id]);
      if (company.length === 0) notFound(`No company named "${id}"`);
      const pages = await db.query(
        "SELECT booking_link AS id, company_name AS name FROM providers WHERE company_id = lower($1) ORDER BY providers.id",
        [id],
      );
      return c.json(pages);
    })
    .get("/CustomField/asAnonymous/:userId", validated("param", v.object({ userId: IdText })), async (c) => {
      const { userId } = c.req.valid("param");
      await requireProvider(db, userId);
      const fields = await db.query(
        `SELECT id, label, optional, '' AS value FROM custom_fields WHERE provider_id = $1 ORDER BY position, id`,
        [userId],
      );
      return c.json(fields);
    });
}
