import { Hono } from "hono";
import * as v from "valibot";
import { WaitlistJoinRequest, type WaitlistSettings } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { clientAddress } from "../client-address.ts";
import { IdText, validated, validatedBody } from "../http-errors.ts";
import { requireProvider } from "../providers/provider-queries.ts";
import { openOffer } from "../waitlist/offer-link.ts";
import { joinWaitlist, leaveWaitlist, waitlistOf } from "../waitlist/waitlist-entries.ts";

const Token = v.pipe(v.string("is required"), v.minLength(1, "is required"), v.maxLength(200));
const PageQuery = v.object({ userId: IdText });
const CustomerQuery = v.object({ userId: IdText, customerToken: Token });
const OfferQuery = v.object({ userId: IdText, offerToken: Token });

/**
 * The waitlist, our extension of the API (issue 46; docs/reference-api.md "Waitlist"):
 * POST Waitlist?userId= joins it (a proven customer's token, the services, one staff
 * member or any, one to three days, an optional part of the day); GET Waitlist lists the
 * customer's own live entries; DELETE Waitlist/{id} removes one of them; GET
 * Waitlist/offer is what an offer's link opens on; GET Waitlist/settings says whether the
 * page keeps one (the widget offers to join only then).
 */
export function waitlistRoutes(deps: ApiDeps) {
  const { db } = deps;
  return new Hono()
    .post("/Waitlist", validated("query", PageQuery), validatedBody(WaitlistJoinRequest, "waitlist"), async (c) => {
      const provider = await requireProvider(db, c.req.valid("query").userId);
      return c.json(await joinWaitlist(deps, provider, c.req.valid("json"), clientAddress(c)));
    })
    .get("/Waitlist/settings", validated("query", PageQuery), async (c) => {
      const provider = await requireProvider(db, c.req.valid("query").userId);
      const [settings] = await db.query<WaitlistSettings>(
        `SELECT waitlist_enabled AS enabled, waitlist_offer_minutes AS "offerMinutes", waitlist_mode AS mode FROM providers WHERE id = $1`,
        [provider.userId],
      );
      return c.json(settings!);
    })
    .get("/Waitlist/offer", validated("query", OfferQuery), async (c) => {
      const query = c.req.valid("query");
      const provider = await requireProvider(db, query.userId);
      return c.json(await openOffer(deps, provider, query.offerToken, clientAddress(c)));
    })
    .get("/Waitlist", validated("query", CustomerQuery), async (c) => {
      const query = c.req.valid("query");
      const provider = await requireProvider(db, query.userId);
      return c.json(await waitlistOf(deps, provider, query.customerToken, clientAddress(c)));
    })
    .delete("/Waitlist/:id", validated("param", v.object({ id: IdText })), validated("query", CustomerQuery), async (c) => {
      const query = c.req.valid("query");
      const provider = await requireProvider(db, query.userId);
      await leaveWaitlist(deps, provider, query.customerToken, c.req.valid("param").id, clientAddress(c));
      return c.json({ removed: true });
    });
}
