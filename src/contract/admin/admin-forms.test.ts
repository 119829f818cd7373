import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ADMIN_FORMS, appointmentType, inventoryItem, staffMember } from "./admin-forms.ts";
import { formSchema, visibleFields } from "./form-schema.ts";
import type { FormDefinition } from "./form-definition.ts";

/** Problems by field name, or {} when the values pass. */
function problems(definition: FormDefinition, values: Record<string, unknown>): Record<string, string> {
  const result = v.safeParse(formSchema(definition), values);
  if (result.success) return {};
  return Object.fromEntries(result.issues.map((issue) => [String(issue.path?.[0]?.key), issue.message]));
}

describe("admin form definitions (spec §3)", () => {
  it("has every catalogue form", () => {
    expect(Object.keys(ADMIN_FORMS).sort()).toEqual([
      "accountrole",
      "addstock",
      "appointmenttype",
      "inventoryitem",
      "inventoryitemcategory",
      "ledgerentry",
      "moneyaccount",
      "onetimeexpense",
      "recurringexpense",
      "servicecategory",
      "staffmember",
    ]);
  });

  it("appointmenttype: DurationInMinutes required, 1 to 720", () => {
    const base = { Title: "Cut" };
    expect(problems(appointmentType, base).DurationInMinutes).toBe("DurationInMinutes is required");
    expect(problems(appointmentType, { ...base, DurationInMinutes: 0 }).DurationInMinutes).toBe(
      "DurationInMinutes must be between 1 and 720",
    );
    expect(problems(appointmentType, { ...base, DurationInMinutes: 721 }).DurationInMinutes).toBeDefined();
    expect(problems(appointmentType, { ...base, DurationInMinutes: 1 })).toEqual({});
    expect(
      problems(appointmentType, { ...base, DurationInMinutes: 720, ServiceDurationInMinutes: 721 }).ServiceDurationInMinutes,
    ).toBeDefined();
    expect(problems(appointmentType, { ...base, DurationInMinutes: "60" }).DurationInMinutes).toBe("DurationInMinutes must be a number");
    expect(problems(appointmentType, { DurationInMinutes: 30 }).Title).toBe("Title is required");
  });

  it("appointmenttype: Color only when ShowCustomColor is on", () => {
    const base = { Title: "Cut", DurationInMinutes: 30 };
    expect(visibleFields(appointmentType, base).map((f) => f.name)).not.toContain("Color");
    expect(problems(appointmentType, { ...base, Color: "not a colour" })).toEqual({});
    expect(visibleFields(appointmentType, { ...base, ShowCustomColor: true }).map((f) => f.name)).toContain("Color");
    expect(problems(appointmentType, { ...base, ShowCustomColor: true, Color: "not a colour" }).Color).toBe("Color is not valid");
    expect(problems(appointmentType, { ...base, ShowCustomColor: true, Color: "#12ab9F" })).toEqual({});
  });

  it("CommissionPercentage 0 to 100, asked only when eligible", () => {
    const base = { Title: "Cut", DurationInMinutes: 30 };
    expect(problems(appointmentType, { ...base, CommissionPercentage: 150 })).toEqual({});
    expect(problems(appointmentType, { ...base, EligibleForCommission: true }).CommissionPercentage).toBe(
      "CommissionPercentage is required",
    );
    expect(
      problems(appointmentType, { ...base, EligibleForCommission: true, CommissionPercentage: 101 }).CommissionPercentage,
    ).toBeDefined();
    expect(problems(appointmentType, { ...base, EligibleForCommission: true, CommissionPercentage: 100 })).toEqual({});
    expect(problems(appointmentType, { ...base, MustPayOnline: true, PayOnlinePrice: -1 }).PayOnlinePrice).toBeDefined();
  });

  it("inventoryitem: stock fields required only for stock items", () => {
    const base = { Name: "Shampoo", Description: "500 ml", SalePrice: 199 };
    expect(problems(inventoryItem, base)).toEqual({});
    expect(Object.keys(problems(inventoryItem, { ...base, IsStockItem: true })).sort()).toEqual([
      "CostPrice",
      "CurrentStock",
      "MinimumStockThreshold",
    ]);
  });

  it("staffmember: phone required and checked, e-mail checked when given", () => {
    const base = { FirstName: "Alex", LastName: "Morgan", PhoneNumber: "2125550123" };
    expect(problems(staffMember, base)).toEqual({});
    expect(problems(staffMember, { ...base, PhoneNumber: "" }).PhoneNumber).toBe("PhoneNumber is required");
    expect(problems(staffMember, { ...base, PhoneNumber: "21-25" }).PhoneNumber).toBe("PhoneNumber must be a valid phone number");
    expect(problems(staffMember, { ...base, EmailAddress: "alex@salon" }).EmailAddress).toBeDefined();
    expect(
      problems(staffMember, {
        ...base,
        OverrideCommission: true,
        OverrideServiceCommissionPercentage: 50,
        OverrideProductCommissionPercentage: -1,
      }).OverrideProductCommissionPercentage,
    ).toBeDefined();
  });

  it("accountrole: every area is a required None/Read/ReadWrite choice; addstock quantity 1 to the maximum", () => {
    const role = {
      Name: "Reception",
      AppointmentsAndClients: "ReadWrite",
      Settings: "None",
      StatisticsAndFinances: "Read",
      Administration: "None",
    };
    expect(problems(ADMIN_FORMS.accountrole, role)).toEqual({});
    expect(problems(ADMIN_FORMS.accountrole, { ...role, Settings: "Write" }).Settings).toMatch(/one of None, Read, ReadWrite/);
    expect(problems(ADMIN_FORMS.accountrole, { ...role, Administration: undefined }).Administration).toBe("Administration is required");
    expect(problems(ADMIN_FORMS.addstock, { Quantity: 0, PurchaseDate: "2026-11-22" }).Quantity).toBeDefined();
    expect(problems(ADMIN_FORMS.addstock, { Quantity: 2147483647, PurchaseDate: "2026-11-22" })).toEqual({});
    expect(problems(ADMIN_FORMS.addstock, { Quantity: 2147483648, PurchaseDate: "22.11.2026" })).toEqual({
      Quantity: "Quantity must be between 1 and 2147483647",
      PurchaseDate: "PurchaseDate must be a date",
    });
  });

  it("the other forms require their named fields", () => {
    expect(problems(ADMIN_FORMS.servicecategory, {}).Title).toBe("Title is required");
    expect(problems(ADMIN_FORMS.moneyaccount, { Name: "Till" })).toEqual({});
    expect(problems(ADMIN_FORMS.inventoryitemcategory, {}).Name).toBeDefined();
    expect(problems(ADMIN_FORMS.ledgerentry, {}).Amount).toBeDefined();
    expect(Object.keys(problems(ADMIN_FORMS.onetimeexpense, {})).sort()).toEqual(["Amount", "PurchaseDate"]);
    expect(Object.keys(problems(ADMIN_FORMS.recurringexpense, {})).sort()).toEqual(["Amount", "Name", "StartDate"]);
  });
});
