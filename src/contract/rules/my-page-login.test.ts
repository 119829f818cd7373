import { describe, expect, it } from "vitest";
import { VerificationType } from "../enumerations.ts";
import { emailLoginProfileRules, loginOf, myPageCodeChannels } from "./my-page-login.ts";

describe("loginOf", () => {
  it("reads a phone number as an SMS login", () => {
    expect(loginOf(" 98765432 ")).toEqual({ channel: "sms", login: "98765432" });
  });
  it("reads an e-mail address as an e-mail login, without case", () => {
    expect(loginOf("Kari@Example.NO")).toEqual({ channel: "email", login: "kari@example.no" });
  });
  it("is null for what is neither", () => {
    expect(loginOf("")).toBeNull();
    expect(loginOf("98 76")).toBeNull();
    expect(loginOf("kari@example")).toBeNull();
    expect(loginOf(`${"a".repeat(250)}@b.no`)).toBeNull();
  });
});

describe("myPageCodeChannels", () => {
  it("sends codes by SMS, and by e-mail too on a page that verifies by e-mail", () => {
    expect(myPageCodeChannels({ verificationType: VerificationType.Phone })).toEqual(["sms"]);
    expect(myPageCodeChannels({ verificationType: VerificationType.None })).toEqual(["sms"]);
    expect(myPageCodeChannels({ verificationType: VerificationType.Email })).toEqual(["email", "sms"]);
  });
});

describe("emailLoginProfileRules", () => {
  it("asks an account proven by e-mail alone for no phone, and keeps the page's other rules", () => {
    const page = { customerRequiredPhoneNumber: true, customerRequiredPhoneNumberOptional: false, customerRequiredEmail: true };
    expect(emailLoginProfileRules(page)).toEqual({
      customerRequiredPhoneNumber: false,
      customerRequiredPhoneNumberOptional: false,
      customerRequiredEmail: true,
    });
  });
});
