import { Hono } from "hono";
import { HoldRequest, ReleaseRequest } from "booking-widget/contract";
import type { ApiDeps } from "../api-deps.ts";
import { clientAddress } from "../client-address.ts";
import { holderOf } from "../secrets/holder.ts";
import { holdTime, releaseHold } from "../holds/hold-time.ts";
import { validatedBody } from "../http-errors.ts";
import { requireProvider } from "../providers/provider-queries.ts";

/**
 * Held times, our extension of the API (demo/api/holds/README.md):
 * POST Appointment/hold holds a chosen time for ten minutes, POST Appointment/hold/release
 * gives it back. The release is sent as the page goes away (fetch keepalive with a
 * text/plain body, which needs no CORS preflight), so the body is read as JSON whatever
 * its content type says.
 */
export function holdRoutes(deps: ApiDeps) {
  const { db, clock } = deps;
  return new Hono()
    .post("/Appointment/hold", validatedBody(HoldRequest, "hold"), async (c) => {
      const request = c.req.valid("json");
      const provider = await requireProvider(db, request.userId);
      const held = await holdTime(deps, provider, request, clientAddress(c), clock.now());
      deps.metrics.holds.inc({ event: "held" });
      return c.json(held);
    })
    .post("/Appointment/hold/release", validatedBody(ReleaseRequest, "release"), async (c) => {
      const request = c.req.valid("json");
      const provider = await requireProvider(db, request.userId);
      const released = await releaseHold(db, provider.userId, holderOf(deps.keys, request.holdToken)!, request.holdId);
      if (released) deps.metrics.holds.inc({ event: "released" });
      return c.json({ released });
    });
}
