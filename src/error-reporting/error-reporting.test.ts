import { describe, expect, it } from "vitest";
import { reportingDsn } from "./error-reporting.ts";
import { personalValues } from "./personal-values.ts";

describe("reportingDsn", () => {
  it("takes the attribute over the built-in DSN; an empty attribute turns reporting off", () => {
    const built = "https://key@o1.ingest.example/1";
    expect(reportingDsn(undefined, built)).toBe(built);
    expect(reportingDsn("https://other@o2.ingest.example/2", built)).toBe("https://other@o2.ingest.example/2");
    expect(reportingDsn("", built)).toBeNull();
    expect(reportingDsn("  ", built)).toBeNull();
    expect(reportingDsn(undefined, "")).toBeNull();
  });
});

describe("personalValues", () => {
  it("lists the visitor's details the widget holds: form, account, token and the page's prefill", () => {
    const customer = {
      firstName: "Kari Nordmann",
      phoneNumber: "41234567",
      phoneNumberCountryCode: 47,
      emailAddress: "kari@example.com",
      address: "",
      postalCode: "0150",
      city: "Oslo",
      gender: "Kvinne",
      customFields: { Allergies: "nuts" },
    };
    const account = { customerAccountIdentificationCode: "tok-3f9a2b7c1d8e", verified: true, country: "Unknown" };
    const prefill = { firstName: "Kari", email: "kari@example.com", service: "12" };
    expect(personalValues([customer, null, account, prefill])).toEqual([
      "Kari Nordmann",
      "41234567",
      "kari@example.com",
      "0150",
      "nuts",
      "tok-3f9a2b7c1d8e",
      "Kari",
      "kari@example.com",
    ]);
  });
});
