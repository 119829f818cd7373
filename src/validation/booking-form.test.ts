import { describe, expect, it } from "vitest";
import { bookingFormSchema, type BookingFormValues, type RequiredFieldFlags } from "./booking-form.ts";
import { formErrors } from "./form-errors.ts";

const none: RequiredFieldFlags = {
  customerRequiredName: false,
  customerRequiredPhoneNumber: false,
  customerRequiredPhoneNumberOptional: false,
  customerRequiredEmail: false,
  customerRequiredEmailOptional: false,
  customerRequiredAddress: false,
  customerRequiredCity: false,
  customerRequiredPostalCode: false,
  customerRequiredSSN: false,
  customerRequiredBirthdate: false,
  customerRequiredGender: false,
};
const all: RequiredFieldFlags = Object.fromEntries(Object.keys(none).map((k) => [k, !k.endsWith("Optional")])) as RequiredFieldFlags;
const today = "2026-11-22";
const customFields = [
  { label: "Insurance number", optional: false },
  { label: "How did you hear about us?", optional: true },
];

const good: BookingFormValues = {
  firstName: "Kari Nordmann",
  phoneNumber: "41234567",
  phoneNumberCountryCode: 47,
  emailAddress: "kari@example.no",
  address: "Storgata 1",
  postalCode: "0155",
  city: "Oslo",
  ssn: "01019012345",
  dateOfBirth: "1990-01-01",
  gender: "Kvinne",
  customFields: { "Insurance number": "INS-1" },
};
const errorsOf = (values: Partial<BookingFormValues>, flags: RequiredFieldFlags = all) =>
  formErrors(bookingFormSchema({ provider: flags, customFields, today }), { ...good, ...values });

describe("booking form (spec §5)", () => {
  it("accepts a complete form", () => {
    expect(errorsOf({})).toEqual({});
  });

  it("requires name, address, postal code, city, SSN, birthdate and gender when the provider does", () => {
    expect(errorsOf({ firstName: "  " }).firstName).toEqual({ key: "nameRequired" });
    expect(errorsOf({ address: "" }).address).toEqual({ key: "addressRequired" });
    expect(errorsOf({ postalCode: "" }).postalCode).toEqual({ key: "postalCodeRequired" });
    expect(errorsOf({ city: "" }).city).toEqual({ key: "cityRequired" });
    expect(errorsOf({ ssn: "" }).ssn).toEqual({ key: "ssnRequired" });
    expect(errorsOf({ dateOfBirth: "" }).dateOfBirth).toEqual({ key: "birthdateRequired" });
    expect(errorsOf({ gender: "" }).gender).toEqual({ key: "genderRequired" });
    expect(errorsOf({ firstName: "", address: "", city: "", ssn: "", dateOfBirth: "", gender: "" }, none)).toEqual({});
  });

  it("keeps the birthdate between 1950-01-01 and today", () => {
    expect(errorsOf({ dateOfBirth: "1950-01-01" })).toEqual({});
    expect(errorsOf({ dateOfBirth: today })).toEqual({});
    expect(errorsOf({ dateOfBirth: "1949-12-31" }).dateOfBirth).toEqual({ key: "birthdateRange" });
    expect(errorsOf({ dateOfBirth: "2026-11-23" }).dateOfBirth).toEqual({ key: "birthdateRange" });
  });

  it("requires an e-mail shaped text@text.text, and checks an optional one only when given", () => {
    expect(errorsOf({ emailAddress: "" }).emailAddress).toEqual({ key: "emailRequired" });
    expect(errorsOf({ emailAddress: "kari@example" }).emailAddress).toEqual({ key: "emailValid" });
    expect(errorsOf({ emailAddress: "kari example.no" }).emailAddress).toEqual({ key: "emailValid" });
    expect(errorsOf({ emailAddress: "k@e.no" })).toEqual({});
    const optional = { ...none, customerRequiredEmail: true, customerRequiredEmailOptional: true };
    expect(errorsOf({ emailAddress: "" }, optional)).toEqual({});
    expect(errorsOf({ emailAddress: "kari@example" }, optional).emailAddress).toEqual({ key: "emailValid" });
  });

  it("wants a phone of digits with the chosen country's length", () => {
    expect(errorsOf({ phoneNumber: "" }).phoneNumber).toEqual({ key: "phoneRequired" });
    expect(errorsOf({ phoneNumber: "4123 4567" }).phoneNumber).toEqual({ key: "phoneValid" });
    expect(errorsOf({ phoneNumber: "+4741234567" }).phoneNumber).toEqual({ key: "phoneValid" });
    expect(errorsOf({ phoneNumber: "4123456" }).phoneNumber).toEqual({ key: "phoneLength", values: { length: 8 } });
    expect(errorsOf({ phoneNumber: "41234567", phoneNumberCountryCode: 1 }).phoneNumber).toEqual({
      key: "phoneLength",
      values: { length: 10 },
    });
    expect(errorsOf({ phoneNumber: "2125550123", phoneNumberCountryCode: 1 })).toEqual({});
    expect(errorsOf({ phoneNumber: "1512345678", phoneNumberCountryCode: 49 })).toEqual({});
    // The length shows even while other fields are still wrong, a missing gender included.
    expect(errorsOf({ phoneNumber: "4123", firstName: "" }).phoneNumber).toEqual({ key: "phoneLength", values: { length: 8 } });
    expect(errorsOf({ phoneNumber: "4123", gender: "" }).phoneNumber).toEqual({ key: "phoneLength", values: { length: 8 } });
    const optional = { ...none, customerRequiredPhoneNumber: true, customerRequiredPhoneNumberOptional: true };
    expect(errorsOf({ phoneNumber: "" }, optional)).toEqual({});
    expect(errorsOf({ phoneNumber: "123" }, optional).phoneNumber).toEqual({ key: "phoneLength", values: { length: 8 } });
  });

  it("wants a country code from the list", () => {
    expect(errorsOf({ phoneNumberCountryCode: 999 }).phoneNumberCountryCode).toEqual({ key: "countryCodeInvalid" });
    expect(errorsOf({ phoneNumberCountryCode: Number.NaN }).phoneNumberCountryCode).toEqual({ key: "countryCodeInvalid" });
  });

  it("requires custom fields unless marked optional", () => {
    expect(errorsOf({ customFields: {} })["customFields.Insurance number"]).toEqual({
      key: "customFieldRequired",
      values: { label: "Insurance number" },
    });
    expect(errorsOf({ customFields: { "Insurance number": "  " } })["customFields.Insurance number"]).toBeDefined();
    expect(errorsOf({ customFields: { "Insurance number": "X", "How did you hear about us?": "" } })).toEqual({});
  });
});
