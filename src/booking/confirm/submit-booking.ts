import type { BookingCalls, NewProfileFields } from "../../api/booking-calls.ts";
import { refusalOf, refusedAs, refusedAsLimit } from "../../api/refusal-of.ts";
import type { BookingConfirmation, BookingRequest, CustomerAccount } from "../../contract/schemas/index.ts";

/** What became of a "book appointment" press (spec §4 "Booking submission", §8). */
export type BookingOutcome =
  | { kind: "booked"; confirmation: BookingConfirmation; account?: CustomerAccount }
  /** A verification code is on its way: show the verification screen. */
  | { kind: "verify" }
  | { kind: "code-not-sent" }
  | { kind: "wrong-code" }
  /** 429: too many codes sent, or too many wrong guesses at this code: wait (the error may say how long). */
  | { kind: "too-many"; error: unknown }
  | { kind: "occupied" }
  /** The time is now closer than the page's minimum notice allows: choose a later one. */
  | { kind: "too-soon" }
  /** The API takes no online payment for this page (no gateway for its payment method): spec §8's message. */
  | { kind: "no-payment-provider" }
  /** 429: the visitor already has as many bookings waiting for payment as the API allows: pay one, or wait. */
  | { kind: "unpaid-waiting"; error: unknown }
  /** 429: a page that verifies no one took as many bookings from this network today as it allows one visitor: call. */
  | { kind: "too-many-bookings"; error: unknown }
  | { kind: "failed"; error: unknown };

type Calls = Pick<BookingCalls, "book" | "sendVerificationCode" | "verify">;

async function sendCode(calls: Calls, request: BookingRequest): Promise<BookingOutcome> {
  try {
    await calls.sendVerificationCode(request.userId, {
      firstName: request.firstName,
      emailAddress: request.emailAddress,
      phoneNumber: request.phoneNumber,
      phoneNumberCountryCode: request.phoneNumberCountryCode,
    });
    return { kind: "verify" };
  } catch (error) {
    return refusedAsLimit(error) ? { kind: "too-many", error } : { kind: "code-not-sent" };
  }
}

/**
 * Sends the booking. `verifyFirst` (accounts in use, the account not verified yet)
 * sends a code before any booking; otherwise a "Verification required" answer does.
 */
export async function submitBooking(calls: Calls, request: BookingRequest, { verifyFirst = false } = {}): Promise<BookingOutcome> {
  if (verifyFirst) return sendCode(calls, request);
  try {
    return { kind: "booked", confirmation: await calls.book(request.userId, request) };
  } catch (error) {
    // Told apart by the refusal's code (api/refusal-of.ts), or the spec's words from an API without codes.
    const refusal = refusalOf(error);
    if (refusal === "verification-required") return sendCode(calls, request);
    if (refusal === "occupied") return { kind: "occupied" };
    if (refusal === "too-soon") return { kind: "too-soon" };
    if (refusal === "no-payment-provider") return { kind: "no-payment-provider" };
    if (refusal === "too-many-unpaid-bookings") return { kind: "unpaid-waiting", error };
    if (refusal === "too-many-bookings") return { kind: "too-many-bookings", error };
    return { kind: "failed", error };
  }
}

/** The new profile's own values, from the booking request that carries them. */
const newProfileOf = (request: BookingRequest): NewProfileFields => ({
  firstName: request.firstName,
  lastName: request.lastName,
  emailAddress: request.emailAddress,
  address: request.address,
  postalCode: request.postalCode,
  city: request.city,
  ssn: request.ssn ?? "",
  dateOfBirth: request.dateOfBirth ?? null,
  gender: request.gender ?? null,
});

/**
 * The verification screen's "verify": the code buys a verified account, which then
 * books. `newPassword` is a new profile's password, which the API sets only now.
 */
export async function verifyAndBook(
  calls: Calls,
  request: BookingRequest,
  code: string,
  newPassword?: string | null,
): Promise<BookingOutcome> {
  let account: CustomerAccount;
  try {
    account = await calls.verify(request.userId, code.trim(), {
      phoneNumber: request.phoneNumber,
      emailAddress: request.emailAddress,
      // A new profile: its values go with the proof, so that they, and nothing anyone stored for the phone before, are kept.
      ...(newPassword ? { password: newPassword, profile: newProfileOf(request) } : {}),
    });
  } catch (error) {
    if (refusedAsLimit(error)) return { kind: "too-many", error };
    if (refusedAs(error, "wrong-verification-code")) return { kind: "wrong-code" };
    return { kind: "failed", error };
  }
  const outcome = await submitBooking(calls, { ...request, customerAccountIdentificationCode: account.customerAccountIdentificationCode });
  // A second "verification required" would loop: the verified account did not match.
  if (outcome.kind === "verify") return { kind: "failed", error: new Error("the verified account was refused") };
  return outcome.kind === "booked" ? { ...outcome, account } : outcome;
}
