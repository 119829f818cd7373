import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { Provider, type ParsedBookingRequest as BookingRequest } from "booking-widget/contract";
import { customerFieldProblem } from "./customer-fields.ts";

const clinic = v.parse(Provider, {
  userId: 2,
  bookingLink: "demo-clinic",
  companyName: "Clinic",
  customerRequiredName: true,
  customerRequiredPhoneNumber: true,
  customerRequiredEmail: true,
  customerRequiredAddress: true,
  customerRequiredCity: true,
  customerRequiredPostalCode: true,
  customerRequiredSSN: true,
  customerRequiredBirthdate: true,
  customerRequiredGender: true,
});
const fields = [
  { label: "Insurance number", optional: false, value: "" },
  { label: "How did you hear about us?", optional: true, value: "" },
];
const complete: BookingRequest = {
  year: 2026,
  month: 12,
  day: 1,
  hour: 9,
  minute: 0,
  comment: "",
  serviceBookings: [{ serviceId: 1, extraServiceIds: [] }],
  phoneNumber: "3125550199",
  phoneNumberCountryCode: 1,
  emailAddress: "ola@example.com",
  firstName: "Ola",
  lastName: "",
  cancelUrl: "",
  address: "1 Main St",
  postalCode: "60611",
  password: "",
  city: "Chicago",
  smsReminder: false,
  smsReceipt: false,
  whatsappReminder: false,
  whatsappReceipt: false,
  emailReceipt: true,
  emailReminder: false,
  signupNewsletter: false,
  userId: 2,
  customerAccountIdentificationCode: null,
  staffMemberId: null,
  ssn: "123-45-6789",
  dateOfBirth: "1980-05-01",
  gender: "Kvinne",
  customFields: [{ label: "Insurance number", optional: false, value: "INS-1" }],
};

describe("customer fields against the provider's flags", () => {
  it("accepts a complete booking, with the optional custom field left out", () => {
    expect(customerFieldProblem(clinic, fields, complete, "2026-11-22")).toBeNull();
  });

  it("names the first missing or malformed field", () => {
    const cases: [Partial<BookingRequest>, string][] = [
      [{ firstName: " " }, "firstName is required"],
      [{ phoneNumber: "" }, "phoneNumber is required"],
      [{ phoneNumber: "555-1234" }, "phoneNumber must be 4 to 15 digits"],
      [{ emailAddress: "ola@example" }, "emailAddress must be a valid e-mail address"],
      [{ address: "" }, "address is required"],
      [{ postalCode: "" }, "postalCode is required"],
      [{ city: "" }, "city is required"],
      [{ ssn: "" }, "ssn is required"],
      [{ dateOfBirth: null }, "dateOfBirth is required"],
      [{ dateOfBirth: "1949-12-31" }, "dateOfBirth must be between 1950-01-01 and today"],
      [{ gender: null }, "gender is required"],
      [{ customFields: [] }, 'custom field "Insurance number" is required'],
    ];
    for (const [change, message] of cases)
      expect(customerFieldProblem(clinic, fields, { ...complete, ...change }, "2026-11-22")).toBe(message);
  });

  it("asks nothing beyond what the provider requires", () => {
    const relaxed = v.parse(Provider, { userId: 3, bookingLink: "x", companyName: "X", customerRequiredName: true });
    expect(
      customerFieldProblem(
        relaxed,
        [],
        { ...complete, phoneNumber: "", emailAddress: "", address: "", ssn: "", dateOfBirth: null, gender: null },
        "2026-11-22",
      ),
    ).toBeNull();
  });
});
