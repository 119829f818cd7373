import * as v from "valibot";
import { BookingSeries } from "./booking-series.ts";
import { Id } from "./common.ts";
import { ServiceBookingSelection } from "./service.ts";

/**
 * Held times: our extension of the API (demo/api/holds/README.md). The visitor's
 * hold token is the secret that ties a hold to one visitor's booking in progress; the
 * server makes it with the first hold and the widget sends it back with the next hold
 * (which replaces the first), the availability calls, the booking and the release.
 */
export const HoldToken = v.pipe(v.string(), v.regex(/^[0-9a-f]{48}$/, "must be a hold token"));

/** POST Appointment/hold: hold this time (and give up any earlier hold of the token). */
export const HoldRequest = v.object({
  userId: Id,
  year: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2200)),
  month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  day: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)),
  hour: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23)),
  minute: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(59)),
  serviceBookings: v.pipe(v.array(ServiceBookingSelection), v.minLength(1, "choose at least one service")),
  staffMemberId: v.nullish(Id, null),
  holdToken: v.optional(HoldToken),
  /** Series extension (issue 42): the later occurrences, held with this first one as one hold. */
  series: v.optional(BookingSeries),
});
export type HoldRequest = v.InferInput<typeof HoldRequest>;

/** Names one hold of a token (a release may name it: then only that hold is given back). */
export const HoldId = v.pipe(v.string(), v.uuid("must be a hold id"));

/** The hold: its token and id, and how long it lasts from the moment of answering. */
export const HeldTime = v.object({
  holdToken: HoldToken,
  holdId: v.optional(HoldId),
  start: v.pipe(v.string(), v.isoTimestamp()),
  end: v.pipe(v.string(), v.isoTimestamp()),
  expiresAt: v.pipe(v.string(), v.isoTimestamp()),
  /** Seconds from the answer to expiresAt: the widget counts down from this, whatever its own clock says. */
  secondsLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type HeldTime = v.InferOutput<typeof HeldTime>;

/**
 * POST Appointment/hold/release: give the time back (on change, on leaving). With
 * `holdId`, only that hold: a page's release that arrives after its reload held the time
 * again (same token) gives nothing back.
 */
export const ReleaseRequest = v.object({ userId: Id, holdToken: HoldToken, holdId: v.optional(HoldId) });
