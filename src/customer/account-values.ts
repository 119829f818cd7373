import type { CustomerAccount } from "../contract/schemas/index.ts";
import type { BookingFormValues } from "../validation/booking-form.ts";

/** The account's name as one field (the booking form has one name field; lastName is sent empty). */
export const accountName = (account: Pick<CustomerAccount, "firstName" | "lastName">) =>
  [account.firstName, account.lastName].filter(Boolean).join(" ");

/** The booking form filled from a logged-in account; what the account lacks stays as it was. */
export function valuesFromAccount(account: CustomerAccount, base: BookingFormValues): BookingFormValues {
  const pick = (value: string | null | undefined, fallback: string) => (value && value.trim() !== "" ? value : fallback);
  const answers = Object.fromEntries((account.customFields ?? []).map((field) => [field.label, field.value]));
  return {
    ...base,
    firstName: pick(accountName(account), base.firstName),
    emailAddress: pick(account.emailAddress, base.emailAddress),
    phoneNumber: pick(account.phoneNumber, base.phoneNumber),
    phoneNumberCountryCode: account.phoneNumberCountryCode ?? base.phoneNumberCountryCode,
    address: pick(account.address, base.address),
    postalCode: pick(account.postalCode, base.postalCode),
    city: pick(account.city, base.city),
    ssn: pick(account.ssn, base.ssn),
    dateOfBirth: pick(account.dateOfBirth?.slice(0, 10), base.dateOfBirth),
    gender: account.gender ?? base.gender,
    customFields: { ...base.customFields, ...Object.fromEntries(Object.entries(answers).filter(([label]) => label in base.customFields)) },
  };
}

/**
 * The booking form's details as the customer account calls take them (create and edit;
 * spec §3 "Customer": one name field, lastName sent empty). The phone, the provider and
 * the password are the caller's.
 */
export function accountFields(values: BookingFormValues) {
  return {
    firstName: values.firstName.trim(),
    lastName: "",
    emailAddress: values.emailAddress.trim(),
    address: values.address.trim(),
    postalCode: values.postalCode.trim(),
    city: values.city.trim(),
    phoneNumberCountryCode: values.phoneNumberCountryCode,
    ssn: values.ssn.trim(),
    dateOfBirth: values.dateOfBirth || null,
    gender: values.gender || null,
  };
}
