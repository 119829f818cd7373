import * as v from "valibot";
import type { CustomField } from "./provider.ts";
import type { ServiceBookingSelection } from "./service.ts";

/** The anonymous booking request of spec §3 (POST Appointment?userId=). */
export interface BookingRequest {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  comment: string;
  serviceBookings: ServiceBookingSelection[];
  phoneNumber: string;
  phoneNumberCountryCode: number;
  emailAddress: string;
  firstName: string;
  /** Always sent empty: the form has one name field. */
  lastName: "";
  cancelUrl: string;
  address: string;
  postalCode: string;
  password: string;
  city: string;
  smsReminder: boolean;
  smsReceipt: boolean;
  whatsappReminder: boolean;
  whatsappReceipt: boolean;
  emailReceipt: boolean;
  emailReminder: boolean;
  signupNewsletter: boolean;
  userId: number;
  customerAccountIdentificationCode: string | null;
  customFields: CustomField[];
  staffMemberId: number | null;
  ssn?: string;
  dateOfBirth?: string | null;
  gender?: string | null;
}

/** The booking answer: the created appointment's id and time. */
export const BookingConfirmation = v.object({
  id: v.pipe(v.number(), v.integer()),
  start: v.string(),
  end: v.string(),
});
export type BookingConfirmation = v.InferOutput<typeof BookingConfirmation>;

export interface VerificationCodeRequest {
  emailAddress?: string;
  phoneNumber?: string;
  phoneNumberCountryCode?: number;
}
