import { Hono } from "hono";
import * as v from "valibot";
import {
  AdminAttendanceSchema,
  AdminCancelSchema,
  AdminCustomerQuerySchema,
  AdminMoveSchema,
  AdminPhoneBookingSchema,
} from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { IdText, validated, validatedBody } from "../../http-errors.ts";
import { siteUrlOf } from "../../site-url.ts";
import type { AdminEnv, AdminGuard } from "../admin-access.ts";
import { dayAppointment } from "../day/day-queries.ts";
import { dayAppointmentOf } from "../day/admin-day.ts";
import { appointmentDetail } from "./appointment-detail.ts";
import { cancelByStaff, markAttendance, moveByStaff } from "./appointment-actions.ts";
import { searchCustomers } from "./customer-search.ts";
import { bookForCustomer } from "./phone-booking.ts";
import { type ActorName, accountIdAsActor } from "./reachable-appointment.ts";

const IdParam = v.object({ id: IdText });

/**
 * An appointment in the back office (issue 59): its detail and the customer search at
 * appointments Read; cancel, move, attendance and a phone booking at ReadWrite. Every
 * write answers the appointment as the grid shows it now. `actorName` names who acts in
 * the audit log (sign-in's account name; the account id until it is wired).
 */
export function adminAppointmentRoutes(deps: ApiDeps, guard: AdminGuard, actorName: ActorName = accountIdAsActor) {
  const read = guard({ area: "appointments", level: "read" });
  const write = guard({ area: "appointments", level: "readWrite" });
  const actions = { ...deps, actorName };
  const changed = async (admin: AdminEnv["Variables"]["admin"], id: number) => ({
    appointment: dayAppointmentOf(admin, (await dayAppointment(deps.db, admin.providerId, deps.clock.now(), id))!),
  });
  return new Hono<AdminEnv>()
    .get("/admin/customers", read, validated("query", AdminCustomerQuerySchema), async (c) =>
      c.json(await searchCustomers(deps.db, c.get("admin"), c.req.valid("query").query)),
    )
    .get("/admin/appointments/:id", read, validated("param", IdParam), async (c) =>
      c.json(await appointmentDetail(deps, c.get("admin"), c.req.valid("param").id)),
    )
    .post("/admin/appointments", write, validatedBody(AdminPhoneBookingSchema, "booking"), async (c) => {
      const admin = c.get("admin");
      const id = await bookForCustomer(actions, admin, c.req.valid("json"), siteUrlOf(c, deps.publicUrl, deps.ownOrigins));
      return c.json(await changed(admin, id), 201);
    })
    .post("/admin/appointments/:id/cancel", write, validated("param", IdParam), validatedBody(AdminCancelSchema, "cancel"), async (c) => {
      const admin = c.get("admin");
      const { id } = c.req.valid("param");
      const { refund } = await cancelByStaff(actions, admin, id);
      return c.json({ ...(await changed(admin, id)), refund });
    })
    .post("/admin/appointments/:id/move", write, validated("param", IdParam), validatedBody(AdminMoveSchema, "move"), async (c) => {
      const admin = c.get("admin");
      const { id } = c.req.valid("param");
      await moveByStaff(actions, admin, id, c.req.valid("json"));
      return c.json(await changed(admin, id));
    })
    .post(
      "/admin/appointments/:id/attendance",
      write,
      validated("param", IdParam),
      validatedBody(AdminAttendanceSchema, "attendance"),
      async (c) => {
        const admin = c.get("admin");
        const { id } = c.req.valid("param");
        await markAttendance(actions, admin, id, c.req.valid("json").attendance);
        return c.json(await changed(admin, id));
      },
    );
}
