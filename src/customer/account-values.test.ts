import { describe, expect, it } from "vitest";
import type { CustomerAccount } from "../contract/schemas/index.ts";
import { formValues } from "../../tests/support/widget-builders.ts";
import { accountFields, valuesFromAccount } from "./account-values.ts";

const base = formValues({ phoneNumber: "2125550123", phoneNumberCountryCode: 1, customFields: { Insurance: "" } });
const account = {
  firstName: "Taylor",
  lastName: "",
  emailAddress: "taylor@example.com",
  address: "",
  postalCode: "",
  city: "New York",
  phoneNumber: "2125550123",
  phoneNumberCountryCode: 1,
  ssn: "",
  dateOfBirth: "1990-02-03T00:00:00",
  gender: "Kvinne",
  country: "Unknown",
  userId: null,
  adminId: 1,
  verified: true,
  customerAccountIdentificationCode: "tok",
  customFields: [
    { label: "Insurance", optional: false, value: "A-1" },
    { label: "Gone", optional: true, value: "x" },
  ],
} as CustomerAccount;

describe("values from an account", () => {
  it("fills the form from the account and keeps what it lacks", () => {
    const values = valuesFromAccount(account, { ...base, address: "typed" });
    expect(values.firstName).toBe("Taylor");
    expect(values.emailAddress).toBe("taylor@example.com");
    expect(values.address).toBe("typed");
    expect(values.city).toBe("New York");
    expect(values.dateOfBirth).toBe("1990-02-03");
    expect(values.gender).toBe("Kvinne");
    expect(values.customFields).toEqual({ Insurance: "A-1" });
  });
});

describe("accountFields", () => {
  it("sends the form's details trimmed, with one name field and lastName empty, empty optional values as null", () => {
    const details = {
      ...base,
      firstName: " Taylor Swift ",
      emailAddress: " t@example.com ",
      city: " Oslo ",
      ssn: "",
      dateOfBirth: "",
      gender: "" as const,
    };
    expect(accountFields(details)).toEqual({
      firstName: "Taylor Swift",
      lastName: "",
      emailAddress: "t@example.com",
      address: "",
      postalCode: "",
      city: "Oslo",
      phoneNumberCountryCode: 1,
      ssn: "",
      dateOfBirth: null,
      gender: null,
    });
    expect(accountFields({ ...details, dateOfBirth: "1990-02-03", gender: "Kvinne" })).toMatchObject({
      dateOfBirth: "1990-02-03",
      gender: "Kvinne",
    });
  });
});
