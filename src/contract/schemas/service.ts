import * as v from "valibot";
import { Flag, Id, IsoDateLike, NullableNumber, Text } from "./common.ts";

const Minutes = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(720));
const Price = v.pipe(v.number(), v.minValue(0));

/** What a service allows as a weekly series (schemas/series.ts): every 1 to 4 weeks (the choices), 2 to 12 times at most. */
export const SeriesRule = v.object({
  everyWeeks: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4))), v.minLength(1)),
  maxOccurrences: v.pipe(v.number(), v.integer(), v.minValue(2), v.maxValue(12)),
});
export type SeriesRule = v.InferOutput<typeof SeriesRule>;

export const ExtraService = v.object({
  id: Id,
  title: v.string(),
  price: Price,
  durationInMinutes: Minutes,
  selected: Flag,
});
export type ExtraService = v.InferOutput<typeof ExtraService>;

export const Service = v.object({
  id: Id,
  title: v.string(),
  description: Text,
  price: Price,
  /** -1 or null means no discount; normalised to null here so callers test one thing. */
  discountPrice: v.pipe(
    NullableNumber,
    v.transform((value) => (value === null || value < 0 ? null : value)),
  ),
  /** Variable price: the amount is not shown. */
  disablePrice: Flag,
  /** What the calendar blocks. */
  durationInMinutes: Minutes,
  /** What the customer is told; preferred when above 0. */
  serviceDurationInMinutes: NullableNumber,
  mustPayOnline: Flag,
  payOnlinePrice: NullableNumber,
  unavailableForOnlineBooking: Flag,
  /** Our extension: a group service takes this many customers at one time (a class); 1 or absent otherwise. */
  capacity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
  /** Our extension: the service may be booked as a weekly series (schemas/series.ts); absent: one time only. */
  series: v.optional(SeriesRule),
  firstAvailable: v.nullish(IsoDateLike, null),
  children: v.nullish(v.array(ExtraService), []),
});
export type Service = v.InferOutput<typeof Service>;

export const ServiceCategory = v.object({
  /** Empty or missing title: shown as uncategorised. */
  title: Text,
  services: v.array(Service),
});
export type ServiceCategory = v.InferOutput<typeof ServiceCategory>;
export const ServiceCategories = v.array(ServiceCategory);

/** One chosen service with its chosen extras, as sent to every availability call. */
export const ServiceBookingSelection = v.object({
  serviceId: Id,
  extraServiceIds: v.optional(v.array(Id), []),
});
export type ServiceBookingSelection = v.InferOutput<typeof ServiceBookingSelection>;
