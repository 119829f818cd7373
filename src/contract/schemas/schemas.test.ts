import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { BookingRequest, CountryEntry, CustomerAccount, DialogEntry, LoadedDay, Snackbar } from "./index.ts";

const booking = {
  year: 2026,
  month: 12,
  day: 1,
  hour: 9,
  minute: 15,
  comment: "",
  serviceBookings: [{ serviceId: 1, extraServiceIds: [2] }],
  phoneNumber: "41234567",
  phoneNumberCountryCode: 47,
  emailAddress: "kari@example.com",
  firstName: "Kari",
  lastName: "",
  cancelUrl: "",
  address: "",
  postalCode: "",
  password: "",
  city: "",
  smsReminder: true,
  smsReceipt: true,
  whatsappReminder: false,
  whatsappReceipt: false,
  emailReceipt: false,
  emailReminder: false,
  signupNewsletter: false,
  userId: 3,
  customerAccountIdentificationCode: null,
  customFields: [],
  staffMemberId: null,
};

describe("entity schemas", () => {
  it("accepts a complete booking request and rejects impossible times or no service", () => {
    expect(v.safeParse(BookingRequest, booking).success).toBe(true);
    expect(v.safeParse(BookingRequest, { ...booking, month: 13 }).success).toBe(false);
    expect(v.safeParse(BookingRequest, { ...booking, minute: 60 }).success).toBe(false);
    expect(v.safeParse(BookingRequest, { ...booking, serviceBookings: [] }).success).toBe(false);
    expect(v.safeParse(BookingRequest, { ...booking, gender: "Other" }).success).toBe(false);
  });

  it("fills absent customer fields so callers never meet undefined", () => {
    const account = v.parse(CustomerAccount, { firstName: "Kari", phoneNumber: "41234567", verified: null });
    expect(account).toMatchObject({ lastName: "", emailAddress: "", verified: false, gender: null, country: "Unknown", customFields: [] });
  });

  it("rejects a loaded day whose hours are not HH:mm", () => {
    const hour = {
      label: "9:15 AM",
      backendLabel: "9:15",
      date: "2026-12-01",
      customerAppointmentEndLabel: "10:15 AM",
      appointmentEndLabel: "10:15 AM",
    };
    const day = { id: "2026-12-01", day: 1, month: 12, year: 2026, iso: "2026-12-01", hoursToBook: [hour] };
    expect(v.safeParse(LoadedDay, day).success).toBe(false);
    expect(v.safeParse(LoadedDay, { ...day, hoursToBook: [{ ...hour, backendLabel: "09:15" }] }).success).toBe(true);
  });

  it("checks country rows, dialog entries and snackbars", () => {
    expect(v.safeParse(CountryEntry, { code: "NO", name: "Norge", dialCode: 47, flag: "🇳🇴", phoneNumberLength: 8 }).success).toBe(true);
    expect(v.safeParse(CountryEntry, { code: "nor", name: "Norge", dialCode: 47, flag: "", phoneNumberLength: 8 }).success).toBe(false);
    expect(v.parse(DialogEntry, { text: "Sure?", type: 2 })).toMatchObject({ actionButtonDelay: 0, setBusyToFalseAfter: true });
    expect(v.safeParse(DialogEntry, { text: "x", type: 3 }).success).toBe(false);
    expect(v.safeParse(Snackbar, { message: "Saved", colour: "success" }).success).toBe(true);
    expect(v.safeParse(Snackbar, { message: "Saved", colour: "blue" }).success).toBe(false);
  });
});
