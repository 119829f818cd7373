import { describe, expect, it } from "vitest";
import type { CustomerAccount } from "../contract/schemas/index.ts";
import { sessionAccount, sessionOf } from "./session.ts";

const customer = (over: Partial<CustomerAccount> = {}): CustomerAccount => ({
  firstName: "Kari",
  lastName: "",
  emailAddress: "",
  address: "",
  postalCode: "",
  city: "",
  phoneNumber: "41234567",
  phoneNumberCountryCode: 47,
  ssn: "",
  dateOfBirth: null,
  gender: null,
  country: "Unknown",
  userId: null,
  adminId: null,
  verified: false,
  customerAccountIdentificationCode: null,
  customFields: [],
  ...over,
});

describe("My Page session", () => {
  it("keeps the account's own token when the server hands it out", () => {
    const account = sessionAccount(customer({ customerAccountIdentificationCode: "long-token", verified: true }), {
      token: "042",
      phone: "41234567",
    });
    expect(sessionOf(account)).toEqual({ token: "long-token", phone: "41234567" });
  });

  it("keeps the code it logged in with otherwise, and the phone when the answer lacks it", () => {
    const account = sessionAccount(customer({ phoneNumber: "" }), { token: "042", phone: "41234567" });
    expect(sessionOf(account)).toEqual({ token: "042", phone: "41234567" });
  });

  it("has no session without an account, a token or a phone", () => {
    expect(sessionOf(null)).toBeNull();
    expect(sessionOf(customer())).toBeNull();
    expect(sessionOf(customer({ customerAccountIdentificationCode: "t", phoneNumber: "" }))).toBeNull();
  });
});
