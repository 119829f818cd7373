import { describe, expect, it } from "vitest";
import type { ServiceCategory } from "../../contract/schemas/index.ts";
import { formValues, widgetService } from "../../../tests/support/widget-builders.ts";
import { idsOf } from "../store/prefill-attributes.ts";
import { prefilledDetails, splitE164 } from "./prefilled-details.ts";
import { preselectedServices } from "./preselected-services.ts";
import { preselectedStaff } from "./preselected-staff.ts";

const categories: ServiceCategory[] = [
  {
    title: "Hair",
    services: [
      widgetService({ id: 1, title: "Cut" }),
      widgetService({ id: 2, title: "Colour" }),
      widgetService({ id: 3, title: "Phone only", unavailableForOnlineBooking: true }),
    ],
  },
];
const empty = formValues();

describe("idsOf", () => {
  it("reads comma-separated whole ids, once each; anything else is no list", () => {
    expect(idsOf(" 12, 14,12 ")).toEqual([12, 14]);
    for (const bad of ["", "  ,", "12,abc", "-1", "0", "1.5", "1e3", "99999999999"]) expect(idsOf(bad)).toBeNull();
  });
});

describe("preselectedServices", () => {
  it("chooses the offered ids in the page's order, leaving out unknown and phone-only ones with a reason", () => {
    const { selections, ignored } = preselectedServices(categories, "2,99,3,1", true);
    expect(selections).toEqual([
      { serviceId: 2, extraServiceIds: [] },
      { serviceId: 1, extraServiceIds: [] },
    ]);
    expect(ignored.map((i) => [i.attribute, i.value])).toEqual([
      ["service", "99"],
      ["service", "3"],
    ]);
  });

  it("takes the first of several on a one-service page, and nothing from a malformed value", () => {
    expect(preselectedServices(categories, "2,1", false).selections).toEqual([{ serviceId: 2, extraServiceIds: [] }]);
    expect(preselectedServices(categories, "2,1", false).ignored).toHaveLength(1);
    expect(preselectedServices(categories, "cut", true)).toEqual({
      selections: [],
      ignored: [{ attribute: "service", value: "cut", why: "not a list of service ids" }],
    });
  });
});

describe("preselectedStaff", () => {
  const staff = [
    { id: 7, nextAvailable: "2026-11-24" },
    { id: 8, nextAvailable: null },
  ];
  it("chooses a listed, available person; anyone else is ignored with a reason", () => {
    expect(preselectedStaff(staff, "7")).toEqual({ staffId: 7, ignored: [] });
    for (const value of ["8", "9", "7,8", "x"]) {
      const { staffId, ignored } = preselectedStaff(staff, value);
      expect([staffId, ignored[0]?.attribute]).toEqual([null, "staff"]);
    }
  });
});

describe("prefilled details", () => {
  it("splits an E.164 number by its dial code and the country's number length", () => {
    expect(splitE164("+4741234567")).toEqual({ countryCode: 47, number: "41234567" });
    expect(splitE164("+1 312-555-0199")).toEqual({ countryCode: 1, number: "3125550199" });
    expect(splitE164("+447911123456")).toEqual({ countryCode: 44, number: "7911123456" });
    for (const bad of ["41234567", "+47412345", "+0123456789", "+999123456789", "+47 4123 4567 8"]) expect(splitE164(bad)).toBeNull();
  });

  it("puts first and last name, e-mail and phone into the form, over what an earlier booking left", () => {
    const saved = { ...empty, firstName: "Someone Else", emailAddress: "else@example.com", city: "Oslo" };
    const { values, ignored } = prefilledDetails(saved, {
      firstName: " Kari ",
      lastName: "Nordmann",
      email: "kari@example.com",
      phone: "+4741234567",
    });
    expect(values).toEqual({
      ...saved,
      firstName: "Kari Nordmann",
      emailAddress: "kari@example.com",
      phoneNumber: "41234567",
      phoneNumberCountryCode: 47,
    });
    expect(ignored).toEqual([]);
  });

  it("leaves a field as it was when its attribute does not fit, and names the attribute", () => {
    const { values, ignored } = prefilledDetails(empty, { email: "kari@", phone: "+47 12", firstName: "x".repeat(101) });
    expect(values).toEqual(empty);
    expect(ignored.map((i) => i.attribute)).toEqual(["first-name", "email", "phone"]);
  });
});
