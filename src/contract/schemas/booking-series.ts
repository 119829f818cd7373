import * as v from "valibot";
import { Day, Hour, Minute, Month, Year } from "./common.ts";

/** A booking's series (the booking request's `series`): the occurrences after the first, each at its chosen time. */
export const BookingSeries = v.object({
  everyWeeks: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
  occurrences: v.pipe(
    v.array(v.object({ year: Year, month: Month, day: Day, hour: Hour, minute: Minute })),
    v.minLength(1, "a series has at least two occurrences"),
    v.maxLength(11, "a series has at most twelve occurrences"),
  ),
});
export type BookingSeries = v.InferOutput<typeof BookingSeries>;
