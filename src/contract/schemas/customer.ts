import * as v from "valibot";
import { Flag, Id, NullableNumber, NullableText, Text } from "./common.ts";
import { CustomField } from "./provider.ts";

export const Gender = v.picklist(["Mann", "Kvinne"]);
export type Gender = v.InferOutput<typeof Gender>;

/** A customer account as the API answers it (never with a password). */
export const CustomerAccount = v.object({
  id: v.optional(Id),
  firstName: Text,
  lastName: Text,
  emailAddress: Text,
  address: Text,
  postalCode: Text,
  city: Text,
  phoneNumber: Text,
  phoneNumberCountryCode: NullableNumber,
  ssn: Text,
  dateOfBirth: NullableText,
  gender: v.nullish(Gender, null),
  country: v.nullish(v.string(), "Unknown"),
  userId: v.nullish(Id, null),
  adminId: v.nullish(Id, null),
  verified: Flag,
  /** The token that identifies the customer to My Page and to bookings. */
  customerAccountIdentificationCode: NullableText,
  customFields: v.nullish(v.array(CustomField), []),
});
export type CustomerAccount = v.InferOutput<typeof CustomerAccount>;

export const CustomerAppointment = v.object({
  id: Id,
  appointmentName: v.string(),
  year: v.number(),
  /** 1-based. */
  month: v.pipe(v.number(), v.minValue(1), v.maxValue(12)),
  day: v.pipe(v.number(), v.minValue(1), v.maxValue(31)),
  hour: v.pipe(v.number(), v.minValue(0), v.maxValue(23)),
  minute: v.pipe(v.number(), v.minValue(0), v.maxValue(59)),
  canCancel: Flag,
  /** Our extension: the booked services (extras included), which a move books again. Absent: matched by name. */
  serviceIds: v.nullish(v.array(Id), []),
  /** Our extension: what was paid online for it (a deposit, or the price), given back in full by a cancel in time. */
  paidOnline: v.nullish(v.pipe(v.number(), v.minValue(0)), null),
  /** Our extension (issue 42): the occurrence of a series it is, of how many booked. */
  series: v.nullish(
    v.object({ position: v.pipe(v.number(), v.integer(), v.minValue(1)), count: v.pipe(v.number(), v.integer(), v.minValue(2)) }),
    null,
  ),
});
export type CustomerAppointment = v.InferOutput<typeof CustomerAppointment>;
export const CustomerAppointments = v.array(CustomerAppointment);

/**
 * Customer/FetchByToken: the customer plus their appointments. The spec names seven
 * customer fields; the rest of the account (the reference API answers it) is optional.
 */
export const LoggedInCustomer = v.object({
  customer: CustomerAccount,
  appointments: CustomerAppointments,
});
export type LoggedInCustomer = v.InferOutput<typeof LoggedInCustomer>;

/** CustomerAccount/byPhone answers plain text. */
export const PhoneLookup = v.picklist(["New", "Existing"]);
export type PhoneLookup = v.InferOutput<typeof PhoneLookup>;

// ---- requests ----

export interface CreateCustomerAccountRequest {
  firstName: string;
  lastName: string;
  emailAddress: string;
  address: string;
  postalCode: string;
  phoneNumber: string;
  phoneNumberCountryCode?: number;
  adminId: number;
  password: string;
  city: string;
  ssn: string;
  dateOfBirth: string | null;
  gender: Gender | null;
  country?: "Unknown";
  customFields?: CustomField[];
}

export type EditCustomerAccountRequest = CreateCustomerAccountRequest & { customerAccountIdentificationCode?: string | null };

export interface PhoneLoginRequest {
  login: string;
  adminId: number;
}
export interface PasswordLoginRequest extends PhoneLoginRequest {
  password: string;
}
export interface ResetPasswordByCodeRequest extends PhoneLoginRequest {
  code: string;
  newPassword: string;
}

export interface ChangeAppointmentRequest {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  serviceIds: number[];
  phoneNumber: string;
  appointmentId: number;
  adminId: number;
  customerToken: string;
  /** Our extension (issue 42): the later occurrences of its series move with it. */
  restOfSeries?: boolean;
}

export interface CancelByCustomerQuery {
  appointmentId: number;
  customerToken: string;
  phoneNumber: string;
  userId: number;
}

/** Answers whose shape the contract leaves open: accepted as anything, never read. */
export const Acknowledgement = v.unknown();

/**
 * Appointment/cancelByCustomer's answer (the spec shows none; the reference API's): what a
 * paid booking gives back. Any other answer (an API that sends none) reads as nothing refunded.
 */
const Refunded = v.nullish(v.object({ amount: v.pipe(v.number(), v.minValue(0)), currency: v.string() }), null);
export const CancelledAppointment = v.fallback(v.object({ refund: Refunded }), { refund: null });
export type CancelledAppointment = v.InferOutput<typeof CancelledAppointment>;

/** Appointment/cancelSeriesByCustomer's answer (issue 42, our extension): the occurrences cancelled, and their share of a payment that goes back. */
export const CancelledSeries = v.object({ ids: v.array(v.pipe(v.number(), v.integer())), refund: Refunded });
export type CancelledSeries = v.InferOutput<typeof CancelledSeries>;
