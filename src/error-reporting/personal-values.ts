import type { BookingState } from "../booking/store.ts";

/** The visitor's own details the widget holds, to be scrubbed from any error report. */
export function personalValues(state: Pick<BookingState, "customer" | "account" | "prefill">): string[] {
  const { customer, account, prefill } = state;
  return [
    customer?.firstName, customer?.phoneNumber, customer?.emailAddress, customer?.address, customer?.postalCode, customer?.ssn, customer?.dateOfBirth,
    ...Object.values(customer?.customFields ?? {}),
    account?.firstName, account?.lastName, account?.emailAddress, account?.phoneNumber, account?.address, account?.ssn, account?.customerAccountIdentificationCode,
    prefill.firstName, prefill.lastName, prefill.email, prefill.phone,
  ].filter((value): value is string => typeof value === "string" && value.trim().length >= 2);
}
