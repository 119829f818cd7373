import {
  type ParsedBookingRequest as BookingRequest,
  type CustomField,
  type Provider,
  EMAIL_PATTERN,
  PHONE_PATTERN,
} from "booking-widget/contract";

/** The customer details a booking or a profile carries. */
export type CustomerDetails = Pick<
  BookingRequest,
  "firstName" | "phoneNumber" | "emailAddress" | "address" | "postalCode" | "city" | "ssn" | "dateOfBirth" | "gender" | "customFields"
>;

/**
 * Checks a booking's (or profile's) customer fields against the provider's required-field flags and
 * custom fields; answers the first problem as a message, or null when all is well.
 */
export function customerFieldProblem(
  provider: Provider,
  customFields: readonly CustomField[],
  request: CustomerDetails,
  today: string,
): string | null {
  const required = (value: string | null | undefined) => (value ?? "").trim().length > 0;
  if (provider.customerRequiredName && !required(request.firstName)) return "firstName is required";
  const phoneWanted = provider.customerRequiredPhoneNumber && !provider.customerRequiredPhoneNumberOptional;
  if (phoneWanted && !required(request.phoneNumber)) return "phoneNumber is required";
  if (required(request.phoneNumber) && !PHONE_PATTERN.test(request.phoneNumber)) return "phoneNumber must be 4 to 15 digits";
  const emailWanted = provider.customerRequiredEmail && !provider.customerRequiredEmailOptional;
  if (emailWanted && !required(request.emailAddress)) return "emailAddress is required";
  if (required(request.emailAddress) && !EMAIL_PATTERN.test(request.emailAddress.trim()))
    return "emailAddress must be a valid e-mail address";
  if (provider.customerRequiredAddress && !required(request.address)) return "address is required";
  if (provider.customerRequiredPostalCode && !required(request.postalCode)) return "postalCode is required";
  if (provider.customerRequiredCity && !required(request.city)) return "city is required";
  if (provider.customerRequiredSSN && !required(request.ssn)) return "ssn is required";
  if (provider.customerRequiredBirthdate) {
    if (!request.dateOfBirth) return "dateOfBirth is required";
    if (request.dateOfBirth < "1950-01-01" || request.dateOfBirth > today) return "dateOfBirth must be between 1950-01-01 and today";
  }
  if (provider.customerRequiredGender && !request.gender) return "gender is required";
  for (const field of customFields) {
    if (field.optional) continue;
    const given = request.customFields.find((answer) => answer.label === field.label);
    if (!required(given?.value)) return `custom field "${field.label}" is required`;
  }
  return null;
}
