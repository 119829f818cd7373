import type { I18n } from "@lingui/core";

/**
 * The messages of spec §5 by key. Schemas report a key (plus a value where the text
 * needs one); the form translates it here, in the element's own language.
 */
export const validationMessages = {
  nameRequired: /*i18n*/ { id: "validation.nameRequired", message: "Name is required" },
  addressRequired: /*i18n*/ { id: "validation.addressRequired", message: "Address is required" },
  postalCodeRequired: /*i18n*/ { id: "validation.postalCodeRequired", message: "Postal code is required" },
  cityRequired: /*i18n*/ { id: "validation.cityRequired", message: "City is required" },
  birthdateRequired: /*i18n*/ { id: "validation.birthdateRequired", message: "Birthdate is required" },
  birthdateRange: /*i18n*/ { id: "validation.birthdateRange", message: "Birthdate must be between 01.01.1950 and today" },
  genderRequired: /*i18n*/ { id: "validation.genderRequired", message: "Gender is required" },
  ssnRequired: /*i18n*/ { id: "validation.ssnRequired", message: "Social security number is required" },
  emailRequired: /*i18n*/ { id: "validation.emailRequired", message: "Email is required" },
  emailValid: /*i18n*/ { id: "validation.emailValid", message: "Email must be valid" },
  phoneRequired: /*i18n*/ { id: "validation.phoneRequired", message: "Phone number is required" },
  phoneValid: /*i18n*/ { id: "validation.phoneValid", message: "Phone number must be valid" },
  phoneLength: /*i18n*/ { id: "validation.phoneLength", message: "Phone number must be {length} digits" },
  countryCodeInvalid: /*i18n*/ { id: "validation.countryCodeInvalid", message: "Invalid country code" },
  passwordRequired: /*i18n*/ { id: "validation.passwordRequired", message: "Password is required" },
  passwordLength: /*i18n*/ { id: "validation.passwordLength", message: "Password must be at least 5 characters" },
  codeRequired: /*i18n*/ { id: "validation.codeRequired", message: "Code is required" },
  codeValid: /*i18n*/ { id: "validation.codeValid", message: "Code must be valid" },
  customFieldRequired: /*i18n*/ { id: "validation.customFieldRequired", message: "{label} is required" },
};

export type ValidationKey = keyof typeof validationMessages;

/** A failed rule: its message key and the values its text needs. */
export interface ValidationError {
  key: ValidationKey;
  values?: Record<string, string | number>;
}

/**
 * Valibot carries one message string per rule; ours are "key" or "key:value", where
 * the value fills the message's one placeholder (length or label).
 */
export const encodeError = (key: ValidationKey, value?: string | number) => (value === undefined ? key : `${key}:${value}`);

export function decodeError(message: string): ValidationError {
  const colon = message.indexOf(":");
  const key = (colon < 0 ? message : message.slice(0, colon)) as ValidationKey;
  if (colon < 0) return { key };
  const value = message.slice(colon + 1);
  return { key, values: key === "customFieldRequired" ? { label: value } : { length: Number(value) } };
}

/** The error's text in the i18n instance's language. */
export function validationText(i18n: I18n, error: ValidationError): string {
  const descriptor = validationMessages[error.key];
  return i18n._(descriptor.id, error.values, { message: descriptor.message });
}
