import * as v from "valibot";
import { Id } from "./common.ts";
import { HoldToken } from "./hold.ts";
import { CustomField } from "./provider.ts";
import { ServiceBookingSelection } from "./service.ts";
import { BookingSeries } from "./booking-series.ts";

const Flag = v.boolean();
const ShortText = (max: number) => v.pipe(v.string(), v.maxLength(max));

/**
 * The anonymous booking request of spec §3 (POST Appointment?userId=). The client
 * builds it; the reference API validates incoming bookings with the same schema.
 */
export const BookingRequest = v.object({
  year: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2200)),
  month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  day: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(31)),
  hour: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23)),
  minute: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(59)),
  comment: ShortText(2000),
  serviceBookings: v.pipe(v.array(ServiceBookingSelection), v.minLength(1, "choose at least one service")),
  phoneNumber: ShortText(20),
  phoneNumberCountryCode: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)),
  emailAddress: ShortText(254),
  firstName: ShortText(200),
  /** Always sent empty: the form has one name field. */
  lastName: ShortText(200),
  cancelUrl: ShortText(2000),
  address: ShortText(200),
  postalCode: ShortText(20),
  password: ShortText(200),
  city: ShortText(100),
  smsReminder: Flag,
  smsReceipt: Flag,
  whatsappReminder: Flag,
  whatsappReceipt: Flag,
  emailReceipt: Flag,
  emailReminder: Flag,
  signupNewsletter: Flag,
  userId: Id,
  customerAccountIdentificationCode: v.nullable(ShortText(200)),
  customFields: v.array(CustomField),
  staffMemberId: v.nullable(Id),
  ssn: v.optional(ShortText(20)),
  dateOfBirth: v.optional(v.nullable(v.pipe(v.string(), v.isoDate()))),
  gender: v.optional(v.nullable(v.picklist(["Mann", "Kvinne"]))),
  /** The paid payment (from the payment simulator's return address) for services that must be paid online. */
  paymentId: v.optional(v.nullable(ShortText(100))),
  /** Held times extension: the visitor's hold, whose time is then theirs to book. */
  holdToken: v.optional(HoldToken),
  /** Series extension (issue 42): the occurrences after this first one, booked with it, all or nothing. */
  series: v.optional(BookingSeries),
});
export type BookingRequest = v.InferInput<typeof BookingRequest>;
/** A booking request after parsing: defaults filled in (e.g. extraServiceIds). */
export type ParsedBookingRequest = v.InferOutput<typeof BookingRequest>;

/** The booking answer: the created appointment's id and time. */
export const BookingConfirmation = v.object({
  id: v.pipe(v.number(), v.integer()),
  start: v.pipe(v.string(), v.isoTimestamp()),
  end: v.pipe(v.string(), v.isoTimestamp()),
  /** "awaiting_payment": the slot is held until the online payment for it succeeds. */
  status: v.nullish(v.picklist(["confirmed", "awaiting_payment"]), "confirmed"),
  holdExpiresAt: v.nullish(v.string(), null),
  /** Series extension: the ids of every occurrence's appointment, this one first. */
  seriesAppointmentIds: v.optional(v.array(v.pipe(v.number(), v.integer()))),
  /** A held booking's proof of ownership, sent with its payment (our extension); kept in memory only. */
  paymentToken: v.nullish(v.pipe(v.string(), v.maxLength(100)), null),
});
export type BookingConfirmation = v.InferOutput<typeof BookingConfirmation>;

export interface VerificationCodeRequest {
  firstName?: string;
  emailAddress?: string;
  phoneNumber?: string;
  phoneNumberCountryCode?: number;
}
