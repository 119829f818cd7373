import { beforeEach, describe, expect, it } from "vitest";
import { memoryStorage } from "../../tests/support/memory-storage.ts";
import type { BookingFormValues } from "../validation/booking-form.ts";
import { formValues, widgetAccount } from "../../tests/support/widget-builders.ts";
import { autoFilled, forgetSavedToken, readSavedDetails, rememberLogin, saveDetails, tokenFor } from "./saved-details.ts";

const customer: BookingFormValues = {
  firstName: "Ola ",
  phoneNumber: "41234567",
  phoneNumberCountryCode: 47,
  emailAddress: "ola@example.com",
  address: "Gate 1",
  postalCode: "0150",
  city: "Oslo",
  ssn: "12345678901",
  dateOfBirth: "1980-05-01",
  gender: "Mann",
  customFields: { X: "y" },
};
const blank = formValues();

let storage: Storage;

describe("saved customer details", () => {
  beforeEach(() => {
    storage = memoryStorage();
  });

  it("keeps name, e-mail, phone, address, postal code, city, country code and the token per provider", () => {
    saveDetails(3, customer, { token: "tok", login: "41234567" }, storage);
    const saved = readSavedDetails(3, storage)!;
    expect(saved).toEqual({
      firstName: "Ola",
      emailAddress: "ola@example.com",
      phoneNumber: "41234567",
      address: "Gate 1",
      postalCode: "0150",
      city: "Oslo",
      phoneNumberCountryCode: 47,
      customerToken: "tok",
      tokenPhoneNumber: "41234567",
    });
    expect(readSavedDetails(4, storage)).toBeUndefined();
    expect(JSON.stringify(saved)).not.toContain("12345678901");
  });

  it("fills only those fields", () => {
    saveDetails(3, customer, null, storage);
    const filled = autoFilled(blank, readSavedDetails(3, storage)!);
    expect(filled.firstName).toBe("Ola");
    expect(filled.ssn).toBe("");
    expect(filled.customFields).toEqual({});
  });

  it("hands out the token only for the phone it belongs to, and keeps it across an unverified booking", () => {
    saveDetails(3, customer, { token: "tok", login: "41234567" }, storage);
    saveDetails(3, customer, null, storage);
    expect(tokenFor(readSavedDetails(3, storage), "41234567")).toBe("tok");
    expect(tokenFor(readSavedDetails(3, storage), "99999999")).toBeNull();
    saveDetails(3, { ...customer, phoneNumber: "99999999" }, null, storage);
    expect(readSavedDetails(3, storage)!.customerToken).toBeNull();
  });

  it("ignores a stored value that does not fit", () => {
    storage.setItem("booking-widget:customer:3", '{"firstName":1}');
    expect(readSavedDetails(3, storage)).toBeUndefined();
    storage.setItem("booking-widget:customer:3", "not json");
    expect(readSavedDetails(3, storage)).toBeUndefined();
  });

  it("forgets the token on logging out, and keeps the details", () => {
    saveDetails(3, customer, { token: "tok", login: "41234567" }, storage);
    forgetSavedToken(3, storage);
    expect(tokenFor(readSavedDetails(3, storage), "41234567")).toBeNull();
    expect(readSavedDetails(3, storage)!.firstName).toBe("Ola");
  });

  it("keeps the login an account proven by e-mail alone gave, whatever phone the form held (issue 57)", () => {
    saveDetails(3, customer, { token: "tok", login: "ola@example.com" }, storage);
    expect(readSavedDetails(3, storage)).toMatchObject({
      customerToken: "tok",
      tokenPhoneNumber: "ola@example.com",
      phoneNumber: "41234567",
    });
  });

  it("a login of an account with few details (proven a moment ago) keeps the details saved before", () => {
    saveDetails(3, customer, null, storage);
    const fresh = widgetAccount({ firstName: "", phoneNumber: "", emailAddress: "ola@example.com", verified: true });
    rememberLogin(3, fresh, { token: "tok", login: "ola@example.com" }, 47, storage);
    expect(readSavedDetails(3, storage)).toMatchObject({ firstName: "Ola", city: "Oslo", phoneNumber: "41234567", customerToken: "tok" });
  });

  it("remembers a My Page login so the next visit logs in by itself", () => {
    const account = widgetAccount({
      lastName: "Nordmann",
      emailAddress: "kari@example.no",
      city: "Oslo",
      phoneNumberCountryCode: null,
      customerAccountIdentificationCode: "042",
    });
    rememberLogin(5, account, { token: "042", login: "41234567" }, 47, storage);
    const saved = readSavedDetails(5, storage);
    expect(saved).toMatchObject({
      firstName: "Kari Nordmann",
      city: "Oslo",
      phoneNumberCountryCode: 47,
      customerToken: "042",
      tokenPhoneNumber: "41234567",
    });
    expect(tokenFor(saved, "41234567")).toBe("042");
  });
});
