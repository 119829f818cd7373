import * as v from "valibot";
import { readStored, removeStored, safeStorage, writeStored } from "../../storage/browser-storage.ts";
import {
  AvailableHour,
  BookingConfirmation,
  CustomerAccount,
  NotificationChannel,
  ServiceBookingSelection,
} from "../../contract/schemas/index.ts";

const Text = v.pipe(v.string(), v.maxLength(2000));
const Channels = v.nullable(v.array(NotificationChannel));

/** The customer form as the store holds it. */
export const CustomerValues = v.object({
  firstName: Text,
  phoneNumber: Text,
  phoneNumberCountryCode: v.number(),
  emailAddress: Text,
  address: Text,
  postalCode: Text,
  city: Text,
  ssn: Text,
  dateOfBirth: Text,
  gender: v.picklist(["", "Mann", "Kvinne"]),
  customFields: v.record(v.string(), Text),
});

/** The confirm step's comment and ticks. */
export const DraftValues = v.object({
  comment: Text,
  receipt: Channels,
  reminder: Channels,
  signupNewsletter: v.boolean(),
  consent: v.boolean(),
});

/** A series settled on (issue 42's SeriesPlan): every week apart, its occurrences from the first. */
export const SeriesPlanValues = v.object({
  everyWeeks: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)),
  occurrences: v.pipe(
    v.array(v.object({ date: v.pipe(v.string(), v.isoDate()), backendLabel: v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/)), label: Text })),
    v.minLength(2),
    v.maxLength(12),
  ),
});

/**
 * A booking held for an online payment, kept in the tab's session storage while the
 * visitor is away at the payment page: when they come back through /payment/success or
 * /payment/failure, the receipt or the filled-in booking is shown again.
 */
export const PendingPayment = v.object({
  bookingLink: v.pipe(v.string(), v.minLength(1)),
  confirmation: BookingConfirmation,
  data: v.object({
    selectedServices: v.array(ServiceBookingSelection),
    selectedStaffId: v.nullable(v.number()),
    selectedDate: v.nullable(v.string()),
    selectedHour: AvailableHour,
    customer: CustomerValues,
    account: v.nullable(CustomerAccount),
    draft: DraftValues,
    /** A series paid at once: its receipt lists every time. */
    seriesPlan: v.optional(v.nullable(SeriesPlanValues), null),
  }),
});
export type PendingPayment = v.InferOutput<typeof PendingPayment>;

const KEY = "booking-widget:pending-payment";

export function savePendingPayment(pending: PendingPayment, storage = safeStorage("sessionStorage")): void {
  writeStored(KEY, pending, storage);
}

export function readPendingPayment(storage = safeStorage("sessionStorage")): PendingPayment | undefined {
  return readStored(KEY, PendingPayment, storage);
}

export function clearPendingPayment(storage = safeStorage("sessionStorage")): void {
  removeStored(KEY, storage);
}
