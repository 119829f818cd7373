import * as v from "valibot";
import { APPOINTMENT_STATES } from "../day/day-view.ts";

/**
 * One appointment as its panel shows it: the app's own reading until the appointment's
 * schema (src/contract/admin/appointment*.ts, branch wt59-day) is merged. Contacts are
 * null where the role hides them (RoleSchema's hideContacts): the API leaves them out.
 */
export const AppointmentDetailSchema = v.object({
  id: v.number(),
  state: v.picklist(APPOINTMENT_STATES),
  staffMemberId: v.number(),
  staffName: v.string(),
  date: v.string(),
  start: v.string(),
  end: v.string(),
  customer: v.object({ name: v.string(), phone: v.nullish(v.string()), email: v.nullish(v.string()) }),
  services: v.array(v.object({ name: v.string(), price: v.number(), extras: v.optional(v.array(v.string()), []) })),
  price: v.number(),
  payment: v.nullish(
    v.object({
      state: v.string(),
      gatewayReference: v.nullish(v.string()),
      refund: v.nullish(v.object({ state: v.string(), amount: v.number() })),
    }),
  ),
  messages: v.optional(v.array(v.object({ at: v.string(), channel: v.string(), subject: v.string() })), []),
  series: v.nullish(v.object({ index: v.number(), count: v.number() })),
  history: v.optional(v.array(v.object({ at: v.string(), actor: v.string(), change: v.string() })), []),
});
export type AppointmentDetail = v.InferOutput<typeof AppointmentDetailSchema>;

export const CustomerMatchSchema = v.array(v.object({ id: v.number(), name: v.string(), phone: v.nullish(v.string()) }));
export type CustomerMatch = v.InferOutput<typeof CustomerMatchSchema>[number];

/** The changes since a cursor: a new cursor means the open day is read again. */
export const ChangesSchema = v.object({ cursor: v.string() });
