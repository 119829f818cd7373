import { ACCESS_LEVELS } from "../enumerations.ts";
import { INT_MAX, range, required, type FieldDefinition, type FormDefinition } from "./form-definition.ts";

/**
 * The admin form definitions of spec §3, as data. The customer screens do not use
 * them; formSchema() turns any of them into a valibot schema.
 */
const field = (
  name: string,
  kind: FieldDefinition["kind"],
  rules: FieldDefinition["rules"] = [],
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  name,
  kind,
  rules,
  ...extra,
});
const percentage = (name: string, shownWhen: string) => field(name, "Number", [required, range(0, 100)], { shownWhen });

export const accountRole: FormDefinition = {
  name: "accountrole",
  fields: [
    field("Name", "Text", [required]),
    ...["AppointmentsAndClients", "Settings", "StatisticsAndFinances", "Administration"].map((area) =>
      field(area, "Dropdown", [required], { options: ACCESS_LEVELS }),
    ),
  ],
};

export const addStock: FormDefinition = {
  name: "addstock",
  fields: [field("Quantity", "Number", [required, range(1, INT_MAX)]), field("PurchaseDate", "Date", [required])],
};

export const appointmentType: FormDefinition = {
  name: "appointmenttype",
  fields: [
    field("Title", "Text", [required]),
    field("Description", "TextArea"),
    field("Price", "Number", [range(0, INT_MAX)]),
    field("DurationInMinutes", "Number", [required, range(1, 720)]),
    field("ServiceDurationInMinutes", "Number", [range(1, 720)]),
    field("HideInBooking", "Switch"),
    field("AutoApply", "Switch"),
    field("IsExtraService", "Switch"),
    field("ShowCustomColor", "Switch"),
    field("Color", "ColorPicker", [{ kind: "Pattern", pattern: /^#[0-9a-fA-F]{6}$/ }], { shownWhen: "ShowCustomColor" }),
    field("EligibleForCustomPrice", "Switch"),
    field("DisablePrice", "Switch"),
    field("MustPayOnline", "Switch"),
    field("PayOnlinePrice", "Number", [range(0, INT_MAX)], { shownWhen: "MustPayOnline" }),
    field("EligibleForCommission", "Switch"),
    percentage("CommissionPercentage", "EligibleForCommission"),
  ],
};

export const inventoryItem: FormDefinition = {
  name: "inventoryitem",
  fields: [
    field("Name", "Text", [required]),
    field("Description", "TextArea", [required]),
    field("SalePrice", "Number", [required, range(0, INT_MAX)]),
    field("IsStockItem", "Switch"),
    field("CostPrice", "Number", [required, range(0, INT_MAX)], { shownWhen: "IsStockItem" }),
    field("CurrentStock", "Number", [required, range(0, INT_MAX)], { shownWhen: "IsStockItem" }),
    field("MinimumStockThreshold", "Number", [required, range(0, INT_MAX)], { shownWhen: "IsStockItem" }),
    field("ReorderLevel", "Number", [range(0, INT_MAX)], { shownWhen: "IsStockItem" }),
    field("EligibleForCommission", "Switch"),
    percentage("CommissionPercentage", "EligibleForCommission"),
  ],
};

export const inventoryItemCategory: FormDefinition = {
  name: "inventoryitemcategory",
  fields: [field("Name", "Text", [required]), field("Description", "TextArea")],
};

export const ledgerEntry: FormDefinition = {
  name: "ledgerentry",
  fields: [field("Amount", "Number", [required, range(-INT_MAX, INT_MAX)]), field("Description", "TextArea")],
};

export const moneyAccount: FormDefinition = {
  name: "moneyaccount",
  fields: [field("Name", "Text", [required]), field("Description", "TextArea")],
};

export const oneTimeExpense: FormDefinition = {
  name: "onetimeexpense",
  fields: [field("PurchaseDate", "Date", [required]), field("Amount", "Number", [required, range(0, INT_MAX)]), field("Notes", "TextArea")],
};

export const recurringExpense: FormDefinition = {
  name: "recurringexpense",
  fields: [
    field("StartDate", "Date", [required]),
    field("EndDate", "Date"),
    field("Name", "Text", [required]),
    field("Amount", "Number", [required, range(0, INT_MAX)]),
  ],
};

export const serviceCategory: FormDefinition = {
  name: "servicecategory",
  fields: [field("Title", "Text", [required])],
};

export const staffMember: FormDefinition = {
  name: "staffmember",
  fields: [
    field("FirstName", "Text", [required]),
    field("LastName", "Text", [required]),
    field("PhoneNumber", "Text", [required, { kind: "Phone" }]),
    field("EmailAddress", "Text", [{ kind: "Email" }]),
    field("EligibleForServiceCommission", "Switch"),
    percentage("ServiceCommissionPercentage", "EligibleForServiceCommission"),
    field("EligibleForProductCommission", "Switch"),
    percentage("ProductCommissionPercentage", "EligibleForProductCommission"),
    field("OverrideCommission", "Switch"),
    percentage("OverrideServiceCommissionPercentage", "OverrideCommission"),
    percentage("OverrideProductCommissionPercentage", "OverrideCommission"),
  ],
};

export const ADMIN_FORMS = {
  accountrole: accountRole,
  addstock: addStock,
  appointmenttype: appointmentType,
  inventoryitem: inventoryItem,
  inventoryitemcategory: inventoryItemCategory,
  ledgerentry: ledgerEntry,
  moneyaccount: moneyAccount,
  onetimeexpense: oneTimeExpense,
  recurringexpense: recurringExpense,
  servicecategory: serviceCategory,
  staffmember: staffMember,
} as const satisfies Record<string, FormDefinition>;
