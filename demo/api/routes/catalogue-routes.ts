import { Hono } from "hono";
import * as v from "valibot";
import { ServiceBookingSelection, todayIn } from "booking-widget/contract";
import { isAway } from "../availability/engine.ts";
import { availabilityFor } from "../availability/availability.ts";
import { slotRequestFor } from "../availability/service-selection.ts";
import { anonymousCatalogue } from "../catalogue/booking-page.ts";
import type { Clock } from "../clock.ts";
import type { Queryable } from "../db/database.ts";
import { IdText, validated, validatedBody } from "../http-errors.ts";
import { requireProvider } from "../providers/provider-queries.ts";

const UserIdQuery = v.object({ userId: IdText });
const AdminIdParam = v.object({ adminId: IdText });
const StaffBody = v.object({ serviceBookings: v.optional(v.array(ServiceBookingSelection), []) });

/** Service/asAnonymous, StaffMember/count/{adminId}, StaffMember/asAnonymous/{adminId}. */
export function catalogueRoutes(db: Queryable, clock: Clock) {
  return new Hono()
    .get("/Service/asAnonymous", validated("query", UserIdQuery), async (c) => {
      const { userId } = c.req.valid("query");
      const provider = await requireProvider(db, userId);
      return c.json(await anonymousCatalogue(db, provider, clock.now()));
    })
    .get("/StaffMember/count/:adminId", validated("param", AdminIdParam), async (c) => {
      const { adminId } = c.req.valid("param");
      await requireProvider(db, adminId);
      const [row] = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM staff_members WHERE provider_id = $1", [adminId]);
      return c.json(row?.count ?? 0);
    })
    .post("/StaffMember/asAnonymous/:adminId", validated("param", AdminIdParam), validatedBody(StaffBody, "body"), async (c) => {
      const { adminId } = c.req.valid("param");
      const body = c.req.valid("json");
      const provider = await requireProvider(db, adminId);
      const now = clock.now();
      const availability = await availabilityFor(db, provider, now);
      const selection = availability.resolve(body.serviceBookings);
      const serviceIds = selection.serviceIds;
      // Only staff who offer every chosen service can take the booking.
      const members = await db.query<{ id: number; fullName: string; profilePictureUrl: string | null }>(
        `SELECT m.id, trim(m.first_name || ' ' || m.last_name) AS "fullName", m.profile_picture_url AS "profilePictureUrl"
           FROM staff_members m
          WHERE m.provider_id = $1
            AND (SELECT count(*) FROM staff_services ss WHERE ss.staff_member_id = m.id AND ss.service_id = ANY($2::int[])) = $3
          ORDER BY m.position, m.id`,
        [adminId, serviceIds, serviceIds.length],
      );
      // nextAvailable needs a duration, so it is known only once services are chosen. A
      // member on vacation today is "currently unavailable" (null), whatever comes later.
      const today = todayIn(provider.timeZone, now);
      const away = (id: number) => availability.schedule.staff.some((s) => s.id === id && isAway(s, today));
      const staff = members.map((member) => ({
        ...member,
        nextAvailable:
          serviceIds.length === 0 || away(member.id)
            ? null
            : (availability.firstSlot(slotRequestFor(selection, member.id))?.start.toISOString() ?? null),
      }));
      return c.json(staff);
    });
}
