import * as v from "valibot";
import { readStored, writeStored } from "../storage/browser-storage.ts";
import type { CustomerAccount } from "../contract/schemas/index.ts";
import { accountName } from "./account-values.ts";
import type { BookingFormValues } from "../validation/booking-form.ts";

const Short = v.pipe(v.string(), v.maxLength(300));

/**
 * What the browser keeps from a past booking with one provider (spec §6): name,
 * e-mail, phone, address, postal code, city, country code, and the customer token with
 * the phone it belongs to. A stored value that no longer fits is ignored.
 */
export const SavedDetails = v.object({
  firstName: Short,
  emailAddress: Short,
  phoneNumber: Short,
  address: Short,
  postalCode: Short,
  city: Short,
  phoneNumberCountryCode: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9999)),
  customerToken: v.nullable(Short),
  /** Whom the token belongs to: the phone, or the e-mail of an account proven by e-mail alone. */
  tokenPhoneNumber: v.nullable(Short),
});
export type SavedDetails = v.InferOutput<typeof SavedDetails>;

const keyFor = (providerId: number) => `booking-widget:customer:${providerId}`;

export function readSavedDetails(providerId: number, storage?: Storage): SavedDetails | undefined {
  return readStored(keyFor(providerId), SavedDetails, storage);
}

/**
 * A proven customer's login as it is kept: the account's token, and who it belongs to
 * (the account's phone, or the e-mail of an account proven by e-mail alone: issue 57).
 */
export interface SavedLogin {
  token: string;
  login: string;
}

/**
 * After a booking: remember the details, and the proven login when there is one (else
 * keep the old one, when it is still this phone's).
 */
export function saveDetails(providerId: number, customer: BookingFormValues, login: SavedLogin | null, storage?: Storage): void {
  const previous = readSavedDetails(providerId, storage);
  const keepToken = login === null && previous?.tokenPhoneNumber === customer.phoneNumber.trim();
  writeStored(
    keyFor(providerId),
    {
      firstName: customer.firstName.trim(),
      emailAddress: customer.emailAddress.trim(),
      phoneNumber: customer.phoneNumber.trim(),
      address: customer.address.trim(),
      postalCode: customer.postalCode.trim(),
      city: customer.city.trim(),
      phoneNumberCountryCode: customer.phoneNumberCountryCode,
      customerToken: login?.token ?? (keepToken ? previous.customerToken : null),
      tokenPhoneNumber: login?.login ?? (keepToken ? previous.tokenPhoneNumber : null),
    } satisfies SavedDetails,
    storage,
  );
}

/**
 * A My Page login, or a customer just proven in the widget (a waitlist join): the
 * customer's details and the login, so that My Page in this browser opens by itself.
 */
export function rememberLogin(
  providerId: number,
  account: CustomerAccount,
  login: SavedLogin,
  defaultDialCode: number,
  storage?: Storage,
): void {
  // A detail the account has not (a new account holds only what was proven) keeps what was saved before.
  const previous = readSavedDetails(providerId, storage);
  writeStored(
    keyFor(providerId),
    {
      firstName: accountName(account) || (previous?.firstName ?? ""),
      emailAddress: account.emailAddress || (previous?.emailAddress ?? ""),
      phoneNumber: account.phoneNumber || (previous?.phoneNumber ?? ""),
      address: account.address || (previous?.address ?? ""),
      postalCode: account.postalCode || (previous?.postalCode ?? ""),
      city: account.city || (previous?.city ?? ""),
      phoneNumberCountryCode: account.phoneNumberCountryCode ?? previous?.phoneNumberCountryCode ?? defaultDialCode,
      customerToken: login.token,
      tokenPhoneNumber: login.login,
    } satisfies SavedDetails,
    storage,
  );
}

/** The form filled from saved details: only the fields they hold; everything else as given. */
export function autoFilled(values: BookingFormValues, saved: SavedDetails): BookingFormValues {
  return {
    ...values,
    firstName: saved.firstName,
    emailAddress: saved.emailAddress,
    phoneNumber: saved.phoneNumber,
    address: saved.address,
    postalCode: saved.postalCode,
    city: saved.city,
    phoneNumberCountryCode: saved.phoneNumberCountryCode,
  };
}

/** The saved token, when it belongs to the phone number now on the form. */
export function tokenFor(saved: SavedDetails | undefined, phoneNumber: string): string | null {
  return saved?.customerToken && saved.tokenPhoneNumber === phoneNumber.trim() ? saved.customerToken : null;
}

/** Logging out: the details stay for the form, the token that logged the customer in goes. */
export function forgetSavedToken(providerId: number, storage?: Storage): void {
  const saved = readSavedDetails(providerId, storage);
  if (saved?.customerToken)
    writeStored(keyFor(providerId), { ...saved, customerToken: null, tokenPhoneNumber: null } satisfies SavedDetails, storage);
}
