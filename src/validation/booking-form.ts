import * as v from "valibot";
import type { Provider } from "../contract/schemas/provider.ts";
import { isKnownDialCode, phoneNumberLengthFor } from "../i18n/countries/country-list.ts";
import { optionalEmail, required, requiredEmail } from "./rules.ts";
import { encodeError } from "./validation-messages.ts";

/** What the "Your information" form holds (accounts off), all as the inputs give it. */
export interface BookingFormValues {
  firstName: string;
  phoneNumber: string;
  phoneNumberCountryCode: number;
  emailAddress: string;
  address: string;
  postalCode: string;
  city: string;
  ssn: string;
  dateOfBirth: string;
  gender: "" | "Mann" | "Kvinne";
  /** Custom field answers by label. */
  customFields: Record<string, string>;
}

export type RequiredFieldFlags = Pick<
  Provider,
  | "customerRequiredName"
  | "customerRequiredPhoneNumber"
  | "customerRequiredPhoneNumberOptional"
  | "customerRequiredEmail"
  | "customerRequiredEmailOptional"
  | "customerRequiredAddress"
  | "customerRequiredCity"
  | "customerRequiredPostalCode"
  | "customerRequiredSSN"
  | "customerRequiredBirthdate"
  | "customerRequiredGender"
>;

export interface BookingFormRules {
  provider: RequiredFieldFlags;
  customFields: readonly { label: string; optional: boolean }[];
  /** Today in the provider's zone (YYYY-MM-DD): the birthdate's upper bound. */
  today: string;
}

const anything = v.string();
export const EARLIEST_BIRTHDATE = "1950-01-01";

/**
 * The booking form's rules (spec §5) for one provider: every field the provider
 * requires, the e-mail and phone rules, the country code, birthdate, gender and the
 * custom fields (required unless marked optional). The phone's length is the selected
 * country's national length.
 */
export function bookingFormSchema({ provider, customFields, today }: BookingFormRules) {
  const phoneWanted = provider.customerRequiredPhoneNumber && !provider.customerRequiredPhoneNumberOptional;
  const phoneOffered = provider.customerRequiredPhoneNumber;
  const emailWanted = provider.customerRequiredEmail && !provider.customerRequiredEmailOptional;
  const emailOffered = provider.customerRequiredEmail;
  return v.pipe(
    v.object({
      firstName: provider.customerRequiredName ? required("nameRequired") : anything,
      phoneNumber: v.pipe(
        v.string(),
        v.trim(),
        v.check((value) => !phoneWanted || value !== "", encodeError("phoneRequired")),
        v.regex(/^\d*$/, encodeError("phoneValid")),
      ),
      phoneNumberCountryCode: v.pipe(
        v.number(encodeError("countryCodeInvalid")),
        v.check(isKnownDialCode, encodeError("countryCodeInvalid")),
      ),
      emailAddress: emailWanted ? requiredEmail : emailOffered ? optionalEmail : anything,
      address: provider.customerRequiredAddress ? required("addressRequired") : anything,
      postalCode: provider.customerRequiredPostalCode ? required("postalCodeRequired") : anything,
      city: provider.customerRequiredCity ? required("cityRequired") : anything,
      ssn: provider.customerRequiredSSN ? required("ssnRequired") : anything,
      dateOfBirth: provider.customerRequiredBirthdate
        ? v.pipe(
            v.string(),
            v.nonEmpty(encodeError("birthdateRequired")),
            v.check(
              (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= EARLIEST_BIRTHDATE && value <= today,
              encodeError("birthdateRange"),
            ),
          )
        : anything,
      gender: provider.customerRequiredGender ? v.picklist(["Mann", "Kvinne"], encodeError("genderRequired")) : anything,
      customFields: v.object(
        Object.fromEntries(
          customFields.map((field) => [
            field.label,
            field.optional
              ? v.optional(anything, "")
              : v.pipe(v.optional(anything, ""), v.trim(), v.nonEmpty(encodeError("customFieldRequired", field.label))),
          ]),
        ),
      ),
    }),
    // The length rule needs the chosen country: Norway 8, United States 10, … It runs
    // as soon as these two fields are well-formed, whatever else is still wrong.
    v.forward(
      v.partialCheck(
        [["phoneNumber"], ["phoneNumberCountryCode"]],
        ({ phoneNumber, phoneNumberCountryCode }) => {
          const length = phoneNumberLengthFor(phoneNumberCountryCode);
          return !phoneOffered || phoneNumber === "" || length === undefined || phoneNumber.length === length;
        },
        (issue) => encodeError("phoneLength", phoneNumberLengthFor((issue.input as BookingFormValues).phoneNumberCountryCode)),
      ),
      ["phoneNumber"],
    ),
  );
}
