import * as v from "valibot";
import { Id, IsoDateLike, NullableNumber } from "./common.ts";
import { ServiceBookingSelection } from "./service.ts";
import { HoldToken } from "./hold.ts";

export const AvailableHour = v.object({
  /** Shown to the customer, e.g. "09:15" or "9:15 AM". */
  label: v.string(),
  /** The hour as the API wants it back, "HH:mm" in the provider's time zone. */
  backendLabel: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/, "must be HH:mm")),
  date: IsoDateLike,
  customerAppointmentEndLabel: v.string(),
  appointmentEndLabel: v.string(),
  /** Our extension, for a group service: the places left in the class a booking joins, of its `places`; `classes` at this time (absent: one). */
  placesLeft: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  places: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  classes: v.optional(v.number()),
});
export type AvailableHour = v.InferOutput<typeof AvailableHour>;

export const LoadedDay = v.object({
  id: v.string(),
  day: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)),
  month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  year: v.pipe(v.number(), v.integer()),
  iso: IsoDateLike,
  hoursToBook: v.array(AvailableHour),
  serviceBookings: v.optional(v.array(ServiceBookingSelection), []),
});
export type LoadedDay = v.InferOutput<typeof LoadedDay>;
export const LoadedDays = v.array(LoadedDay);

export const MovingAppointment = v.object({
  appointmentId: Id,
  customerToken: v.pipe(v.string(), v.minLength(1, "is required"), v.maxLength(200)),
  /** The account's phone, or the e-mail of an account proven by e-mail alone (issue 57). */
  phoneNumber: v.pipe(v.string(), v.minLength(1, "is required"), v.maxLength(254)),
});
export type MovingAppointment = v.InferOutput<typeof MovingAppointment>;

/** Body of every availability call (availableHours, /cache, /month, firstAvailableHourDay). */
export const HoursRequest = v.object({
  day: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)),
  month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  year: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2200)),
  userId: Id,
  staffMemberId: v.nullish(Id, null),
  serviceBookings: v.pipe(v.array(ServiceBookingSelection), v.minLength(1, "choose at least one service")),
  /**
   * Our extension for My Page's move: the appointment being moved, with the customer's
   * login. Its own time then counts as free, as it does for the move itself.
   */
  movingAppointment: v.optional(MovingAppointment),
  /** Held times extension: the asking visitor's hold, whose time is shown to them as free. */
  holdToken: v.optional(HoldToken),
});
export type HoursRequest = v.InferInput<typeof HoursRequest>;

/** firstAvailableHourDay: the first day with hours, or null when there is none. */
export const FirstAvailableDay = v.nullable(
  v.object({
    day: v.number(),
    month: v.number(),
    year: v.number(),
    iso: IsoDateLike,
  }),
);
export type FirstAvailableDay = v.InferOutput<typeof FirstAvailableDay>;

/** Weekly opening hours: dayOfWeek 0 = Sunday … 6 = Saturday, times "HH:mm". */
export const WorkingDay = v.object({
  dayOfWeek: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(6)),
  openTime: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)),
  closeTime: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)),
});
export type WorkingDay = v.InferOutput<typeof WorkingDay>;
export const WorkingDays = v.array(WorkingDay);

/** A closed period (inclusive dates); staffMemberId null means the whole provider. */
export const VacationDay = v.object({
  fromDate: IsoDateLike,
  toDate: IsoDateLike,
  staffMemberId: NullableNumber,
});
export type VacationDay = v.InferOutput<typeof VacationDay>;
export const VacationDays = v.array(VacationDay);
