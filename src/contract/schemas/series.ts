import * as v from "valibot";
import { Day, Hour, Id, Minute, Month, Year } from "./common.ts";
import { HoldToken } from "./hold.ts";
import { ServiceBookingSelection } from "./service.ts";

export { SeriesRule } from "./service.ts";

/**
 * Series (issue 42, our extension): a service may be booked as a weekly series, the same
 * local time with the same staff member every `everyWeeks` weeks, `occurrences` times in
 * all (the first included). The rules both sides apply are rules/series.ts.
 */

/** POST Appointment/series: how each occurrence of a wished series stands, before booking. */
export const SeriesPreviewRequest = v.object({
  userId: Id,
  year: Year,
  month: Month,
  day: Day,
  hour: Hour,
  minute: Minute,
  serviceBookings: v.pipe(v.array(ServiceBookingSelection), v.length(1, "a series books one service")),
  staffMemberId: v.nullish(Id, null),
  everyWeeks: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
  occurrences: v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(12)),
  holdToken: v.optional(HoldToken),
});
export type SeriesPreviewRequest = v.InferInput<typeof SeriesPreviewRequest>;

const Label = v.pipe(v.string(), v.maxLength(20));
const HHmm = v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/, "must be HH:mm"));

/** One occurrence as the preview answers it: free at the wished time, or taken with the nearest free times that day. */
export const SeriesOccurrence = v.object({
  date: v.pipe(v.string(), v.isoDate()),
  backendLabel: HHmm,
  label: Label,
  state: v.picklist(["free", "taken"]),
  /** For a taken occurrence: the same staff member's free times that day, nearest first. */
  alternatives: v.array(v.object({ backendLabel: HHmm, label: Label })),
});
export type SeriesOccurrence = v.InferOutput<typeof SeriesOccurrence>;

export const SeriesPreview = v.object({
  /** The staff member the whole series is with (the first time's). */
  staffMemberId: Id,
  occurrences: v.array(SeriesOccurrence),
});
export type SeriesPreview = v.InferOutput<typeof SeriesPreview>;

export { BookingSeries } from "./booking-series.ts";
