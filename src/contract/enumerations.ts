/**
 * The enumerations of spec §3: value lists with their types, and, where the API sends a
 * number, a TypeScript enum (its names read back by number: VerificationType[2] is "Phone").
 */

export const FIELD_KINDS = ["Text", "TextArea", "Number", "Switch", "ColorPicker", "Dropdown", "Date", "DateField"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export const VALIDATION_KINDS = ["Required", "Min", "Max", "Number", "Email", "Phone", "Length", "Pattern", "Range", "Regex"] as const;
export type ValidationKind = (typeof VALIDATION_KINDS)[number];

export const NOTIFICATION_MODES = ["None", "Email", "Whatsapp", "Sms"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** A provider's verificationType (spec §3): how a booking is verified. */
export enum VerificationType {
  None = 0,
  Email = 1,
  Phone = 2,
}

export const ACCESS_LEVELS = ["None", "Read", "ReadWrite"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const PAYMENT_METHODS = ["Cash", "Card", "Transfer", "Other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const ORDER_PAYMENT_STATUSES = ["Unpaid", "Paid", "Voided"] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

export const LEDGER_SOURCES = ["Appointment", "Order", "Manual", "RecurringExpense", "Expense", "Commission"] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

export const LEDGER_STATUSES = ["Unpaid", "PartiallyPaid", "Paid", "Voided"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export const LEDGER_ENTRY_TYPES = ["Charge", "Payment", "Refund", "Adjustment"] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

export const TRANSACTION_STATUSES = ["Pending", "Completed", "Cancelled", "Refunded"] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const EXPENSE_CATEGORIES = ["Inventory", "Salaries", "Rent", "Utilities", "Other", "Commission"] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const RECURRENCES = ["Daily", "Weekly", "Monthly", "Quarterly", "Yearly"] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** A provider's onlineTransactionProvider (spec §3): 1 the first payment provider, 2 card, 3 the mobile wallet. */
export enum OnlineProvider {
  None = 0,
  PayU = 1,
  Card = 2,
  Vipps = 3,
}

/** A dialog entry's type (spec §3): a message (OK), a choice (action and Cancel), yes/no. */
export enum DialogType {
  Message = 0,
  Choice = 1,
  YesNo = 2,
}

/** Customer gender values (spec §3/§9). */
export const GENDERS = ["Mann", "Kvinne"] as const;
