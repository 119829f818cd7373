import { Hono } from "hono";
import * as v from "valibot";
import { BookingRequest } from "booking-widget/contract";
import { bookAppointment } from "../bookings/book-appointment.ts";
import type { ApiDeps } from "../api-deps.ts";
import { idempotent } from "../idempotency/idempotent.ts";
import { badRequest, IdText, validated, validatedBody } from "../http-errors.ts";
import { clientAddress } from "../client-address.ts";
import { siteUrlOf } from "../site-url.ts";
import { requireProvider } from "../providers/provider-queries.ts";

const UserIdQuery = v.object({ userId: IdText });

/** POST Appointment?userId= : the anonymous booking of spec §7. */
export function bookingRoutes(deps: ApiDeps) {
  const { db, publicUrl, clock } = deps;
  return new Hono().post("/Appointment", validated("query", UserIdQuery), validatedBody(BookingRequest, "booking"), (c) =>
    idempotent(deps, c, "book", async (keepAnswer) => {
      const { userId } = c.req.valid("query");
      const request = c.req.valid("json");
      if (request.userId !== userId) badRequest('Invalid booking field "userId": must match the userId in the query');
      const provider = await requireProvider(db, userId);
      return c.json(
        await bookAppointment(deps, provider, request, {
          siteUrl: siteUrlOf(c, publicUrl, deps.ownOrigins),
          now: clock.now(),
          address: clientAddress(c),
          keepAnswer,
        }),
      );
    }),
  );
}
