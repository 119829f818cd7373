import * as v from "valibot";
import { Id } from "./common.ts";
import { CustomerAccount } from "./customer.ts";
import { ServiceBookingSelection } from "./service.ts";

/**
 * The waitlist: our extension of the API (issue 46). A proven customer (the token of a
 * verified account, as a booking on a verifying page sends) waits for one to three days,
 * for some services, with one staff member or any, within an optional part of the day in
 * the page's zone; a time that frees on those days is offered to them.
 */
const Clock = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:mm"));

/** POST Waitlist?userId=: join the page's waitlist. */
export const WaitlistJoinRequest = v.object({
  customerAccountIdentificationCode: v.pipe(v.string("is required"), v.maxLength(200)),
  serviceBookings: v.pipe(v.array(ServiceBookingSelection), v.minLength(1, "choose at least one service"), v.maxLength(50)),
  staffMemberId: v.optional(v.nullable(Id), null),
  days: v.pipe(
    v.array(v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD"))),
    v.minLength(1),
    v.maxLength(3, "at most 3 days"),
  ),
  after: v.optional(v.nullable(Clock), null),
  before: v.optional(v.nullable(Clock), null),
  /** The language the widget speaks to them in: the offer is written in it (the page's language when not said). */
  language: v.optional(v.nullable(v.picklist(["no", "en", "es"], "must be no, en or es")), null),
});
export type WaitlistJoinRequest = v.InferOutput<typeof WaitlistJoinRequest>;

/** One entry as its customer sees it (the answer of a join, and of GET Waitlist). */
export const WaitlistEntry = v.object({
  id: Id,
  serviceIds: v.array(Id),
  staffMemberId: v.nullable(Id),
  days: v.array(v.string()),
  after: v.nullable(v.string()),
  before: v.nullable(v.string()),
  /** ISO 8601: the end of its last day in the page's zone, when it ends by itself. */
  endsAt: v.string(),
});
export type WaitlistEntry = v.InferOutput<typeof WaitlistEntry>;

/**
 * GET Waitlist/offer?userId=&offerToken=: what an offer's link opens on. The time, the
 * services and staff member to book it with, until when the offer lasts, whether the time
 * is held for the link (first in line: the token is then the booking's hold token), and
 * the customer's account (their details, and the token a booking proves them with).
 */
export const WaitlistOffer = v.object({
  start: v.string(),
  end: v.string(),
  expiresAt: v.string(),
  held: v.boolean(),
  staffMemberId: Id,
  serviceBookings: v.array(ServiceBookingSelection),
  customer: CustomerAccount,
});
export type WaitlistOffer = v.InferOutput<typeof WaitlistOffer>;

/** GET Waitlist/settings?userId=: whether the page keeps a waitlist, how long an offer lasts, and how it is offered. */
export const WaitlistSettings = v.object({
  enabled: v.boolean(),
  offerMinutes: v.pipe(v.number(), v.integer()),
  mode: v.picklist(["first-in-line", "notify-all"]),
});
export type WaitlistSettings = v.InferOutput<typeof WaitlistSettings>;
