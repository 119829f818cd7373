import { describe, expect, it } from "vitest";
import { emptyInformation } from "./information-form.ts";
import { followSuggestion } from "./follow-suggestion.ts";

const empty = emptyInformation({ defaultPhoneNumberCountryCode: 47 }, []);
const ola = { ...empty, firstName: "Ola Nordmann", emailAddress: "ola@example.com", phoneNumberCountryCode: 47, phoneNumber: "41234567" };
const kari = {
  ...empty,
  firstName: "Kari Nordmann",
  emailAddress: "kari@example.com",
  phoneNumberCountryCode: 1,
  phoneNumber: "3125550199",
};

describe("followSuggestion", () => {
  it("puts the new suggestion in every field the visitor left as the old one suggested", () => {
    expect(followSuggestion(ola, ola, kari)).toEqual(kari);
    expect(followSuggestion(empty, empty, kari)).toEqual(kari);
  });

  it("keeps what the visitor typed, field by field", () => {
    const typed = { ...ola, emailAddress: "mine@example.com", city: "Oslo" };
    expect(followSuggestion(typed, ola, kari)).toEqual({ ...kari, emailAddress: "mine@example.com", city: "Oslo" });
  });

  it("keeps a phone number the visitor changed together with its country code", () => {
    const typed = { ...ola, phoneNumber: "99999999" };
    expect(followSuggestion(typed, ola, kari)).toMatchObject({
      firstName: "Kari Nordmann",
      phoneNumberCountryCode: 47,
      phoneNumber: "99999999",
    });
  });

  it("changes nothing when the suggestion did not change", () => {
    const typed = { ...ola, firstName: "Someone" };
    expect(followSuggestion(typed, ola, { ...ola })).toBe(typed);
    expect(followSuggestion(kari, ola, kari)).toBe(kari);
  });
});
