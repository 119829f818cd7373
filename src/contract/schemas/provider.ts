import * as v from "valibot";
import { Flag, Id, NullableNumber, NullableText, Text } from "./common.ts";
import { OnlineProvider, VerificationType } from "../enumerations.ts";

export const NotificationChannel = v.picklist(["email", "sms", "whatsapp"]);
export type NotificationChannel = v.InferOutput<typeof NotificationChannel>;

/** verificationType: 0 none, 1 e-mail, 2 phone. */
const VerificationTypeValue = v.picklist([VerificationType.None, VerificationType.Email, VerificationType.Phone]);
/** onlineTransactionProvider: 0 none, 1 first provider, 2 card provider, 3 mobile wallet. */
const OnlineProviderValue = v.picklist([OnlineProvider.None, OnlineProvider.PayU, OnlineProvider.Card, OnlineProvider.Vipps]);

/** The provider ("userToBook") as loaded anonymously by booking link or id. */
export const Provider = v.object({
  userId: Id,
  bookingLink: v.pipe(v.string(), v.minLength(1)),
  companyName: v.string(),
  phoneNumber: Text,
  defaultPhoneNumberCountryCode: NullableNumber,
  treatmentAdress: Text,
  language: NullableText,
  timeZone: v.nullish(v.string(), "Europe/Berlin"),
  timeFormat: v.nullish(v.string(), "24h"),
  currency: v.nullish(v.string(), "NOK"),
  hoursToCancel: v.nullish(v.pipe(v.number(), v.minValue(0)), 0),
  cancellationBoxText: Text,
  useCustomerAccounts: Flag,
  multipleServices: Flag,
  showServicePrice: Flag,
  showInformationBox: Flag,
  informationBoxText: Text,
  customerCanSearchForAppointments: Flag,
  customerCanSelectStaff: Flag,
  customerReceiptAndReminderMode: v.nullish(v.array(NotificationChannel), []),
  sendAutomaticallyReminder: Flag,
  sendAutomaticallyReceipt: Flag,
  activateEmailList: Flag,
  showOccupiedHoursForAnonymousBooking: Flag,
  maxDaysInAdvanceForBooking: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0)), 60),
  appointmentDistributionInMinutes: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1)), 15),
  verificationType: v.nullish(VerificationTypeValue, VerificationType.None),
  onlineTransactionProvider: v.nullish(OnlineProviderValue, OnlineProvider.None),
  customerRequiredName: Flag,
  customerRequiredPhoneNumber: Flag,
  customerRequiredPhoneNumberOptional: Flag,
  customerRequiredEmail: Flag,
  customerRequiredEmailOptional: Flag,
  customerRequiredAddress: Flag,
  customerRequiredCity: Flag,
  customerRequiredPostalCode: Flag,
  customerRequiredSSN: Flag,
  customerRequiredBirthdate: Flag,
  customerRequiredGender: Flag,
});
export type Provider = v.InferOutput<typeof Provider>;

/** One booking page of a company (Company/connect). */
export const CompanyPage = v.object({ id: v.pipe(v.string(), v.minLength(1)), name: v.string() });
export type CompanyPage = v.InferOutput<typeof CompanyPage>;
export const CompanyPages = v.array(CompanyPage);

/** A provider-defined extra field on the customer form; required unless optional. */
export const CustomField = v.object({
  id: v.optional(Id),
  label: v.pipe(v.string(), v.minLength(1)),
  optional: Flag,
  value: Text,
});
export type CustomField = v.InferOutput<typeof CustomField>;
export const CustomFields = v.array(CustomField);

export const StaffCount = v.pipe(v.number(), v.integer(), v.minValue(0));
