import * as v from "valibot";
import { Id } from "./common.ts";
import { CancelledSeries } from "./customer.ts";

/**
 * GET Appointment/cancelSeriesByCustomer/preview (issue 57, our extension): what "cancel
 * the rest" of a series would cancel and give back, asked before the customer confirms.
 * The amount is the API's own (the share the cancel refunds), never the widget's sum.
 * Not in schemas/index.ts: only My Page's later chunk reads it (the first screen is full).
 */
export const SeriesRestPreview = v.object({
  /** This occurrence and every later one still booked, soonest first, in the provider's zone (as My Page's list). */
  occurrences: v.array(
    v.object({
      id: Id,
      year: v.number(),
      month: v.pipe(v.number(), v.minValue(1), v.maxValue(12)),
      day: v.pipe(v.number(), v.minValue(1), v.maxValue(31)),
      hour: v.pipe(v.number(), v.minValue(0), v.maxValue(23)),
      minute: v.pipe(v.number(), v.minValue(0), v.maxValue(59)),
    }),
  ),
  /** Their share of what was paid online, which the cancel gives back; null when nothing was. */
  refund: CancelledSeries.entries.refund,
});
export type SeriesRestPreview = v.InferOutput<typeof SeriesRestPreview>;
