import type {
  AvailableHour,
  BookingRequest,
  CustomField,
  NotificationChannel,
  Provider,
  ServiceBookingSelection,
} from "../../contract/schemas/index.ts";
import { chosenStaff } from "../../contract/rules/chosen-staff.ts";
import type { BookingFormValues } from "../../validation/booking-form.ts";
import { bookingSeries, type SeriesPlan } from "../series/series-plan.ts";

export interface BookingRequestInput {
  provider: Pick<Provider, "userId" | "activateEmailList" | "customerCanSelectStaff">;
  selections: readonly ServiceBookingSelection[];
  staffMemberId: number | null;
  hour: AvailableHour;
  customer: BookingFormValues;
  customFields: readonly CustomField[];
  comment: string;
  receipt: readonly NotificationChannel[];
  reminder: readonly NotificationChannel[];
  signupNewsletter: boolean;
  /** The verified customer's token, when there is one for this customer. */
  customerToken: string | null;
  /** Where the receipt's cancel link points: the provider's My Page. */
  cancelUrl: string;
  /** The visitor's hold token (held times extension), when the API gave one. */
  holdToken?: string | undefined;
  /** A series (issue 42): its first occurrence is `hour`. */
  series?: SeriesPlan | null | undefined;
}

/** The booking request of spec §3, built from the stepper's state. */
export function bookingRequest(input: BookingRequestInput): BookingRequest {
  const [year, month, day] = input.hour.date.split("-").map(Number) as [number, number, number];
  const [hour, minute] = input.hour.backendLabel.split(":").map(Number) as [number, number];
  const { customer } = input;
  const has = (list: readonly NotificationChannel[], channel: NotificationChannel) => list.includes(channel);
  return {
    year,
    month,
    day,
    hour,
    minute,
    comment: input.comment.trim(),
    serviceBookings: input.selections.map((s) => ({ serviceId: s.serviceId, extraServiceIds: [...(s.extraServiceIds ?? [])] })),
    phoneNumber: customer.phoneNumber.trim(),
    phoneNumberCountryCode: customer.phoneNumberCountryCode,
    emailAddress: customer.emailAddress.trim(),
    firstName: customer.firstName.trim(),
    lastName: "",
    cancelUrl: input.cancelUrl,
    address: customer.address.trim(),
    postalCode: customer.postalCode.trim(),
    password: "",
    city: customer.city.trim(),
    smsReminder: has(input.reminder, "sms"),
    smsReceipt: has(input.receipt, "sms"),
    whatsappReminder: has(input.reminder, "whatsapp"),
    whatsappReceipt: has(input.receipt, "whatsapp"),
    emailReceipt: has(input.receipt, "email"),
    emailReminder: has(input.reminder, "email"),
    signupNewsletter: input.provider.activateEmailList && input.signupNewsletter,
    userId: input.provider.userId,
    customerAccountIdentificationCode: input.customerToken,
    customFields: input.customFields.map((field) => ({
      label: field.label,
      optional: field.optional,
      value: (customer.customFields[field.label] ?? "").trim(),
    })),
    staffMemberId: chosenStaff(input.provider, input.staffMemberId),
    ssn: customer.ssn.trim(),
    dateOfBirth: customer.dateOfBirth || null,
    gender: customer.gender || null,
    ...(input.holdToken ? { holdToken: input.holdToken } : {}),
    ...(input.series ? { series: bookingSeries(input.series) } : {}),
  };
}
