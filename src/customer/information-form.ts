import type { CustomField, Provider } from "../contract/schemas/index.ts";
import { defaultDialCode } from "../i18n/countries/country-list.ts";
import type { BookingFormValues } from "../validation/booking-form.ts";

/** Which inputs the form shows: those the provider asks for (spec §3 customerRequired* flags). */
export function visibleInformationFields(provider: Provider) {
  return {
    name: provider.customerRequiredName,
    phone: provider.customerRequiredPhoneNumber,
    email: provider.customerRequiredEmail,
    address: provider.customerRequiredAddress,
    postalCode: provider.customerRequiredPostalCode,
    city: provider.customerRequiredCity,
    ssn: provider.customerRequiredSSN,
    birthdate: provider.customerRequiredBirthdate,
    gender: provider.customerRequiredGender,
  };
}

/** An empty form, with the provider's default dial code (47 when it has none). */
export function emptyInformation(
  provider: Pick<Provider, "defaultPhoneNumberCountryCode">,
  customFields: readonly CustomField[],
): BookingFormValues {
  return {
    firstName: "",
    phoneNumber: "",
    phoneNumberCountryCode: defaultDialCode(provider.defaultPhoneNumberCountryCode),
    emailAddress: "",
    address: "",
    postalCode: "",
    city: "",
    ssn: "",
    dateOfBirth: "",
    gender: "",
    customFields: Object.fromEntries(customFields.map((field) => [field.label, ""])),
  };
}

/** YYYY-MM-DD from year, month and day selects, or "" while any is missing or the day does not exist. */
export function birthdateOf(year: string, month: string, day: string): string {
  if (!year || !month || !day) return "";
  const iso = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : "";
}

/** The years the birthdate picker offers, newest first: this year down to 1950 (spec §5). */
export function birthYears(today: string): number[] {
  const last = Number(today.slice(0, 4));
  return Array.from({ length: last - 1950 + 1 }, (_, i) => last - i);
}
