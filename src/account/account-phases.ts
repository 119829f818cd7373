import type { CustomerAccount } from "../contract/schemas/index.ts";

/**
 * "Your information" with customer accounts (spec §2): one phase at a time, each
 * replacing the last in place.
 * - phone:    the phone number is asked for and looked up
 * - password: a known phone logs in with its password (or asks for a reset code)
 * - reset:    the reset code and a new password
 * - new:      an unknown phone makes a new profile (which, verified, books)
 * - details:  logged in: the booking form, filled from the account
 */
export type AccountPhase = "phone" | "password" | "reset" | "new" | "details";

/** What happened in a phase: an answer of the API or a press of the visitor. */
export type AccountEvent =
  | { type: "phone-looked-up"; known: boolean }
  | { type: "logged-in" }
  | { type: "reset-code-sent" }
  | { type: "password-changed" }
  | { type: "back-to-password" }
  | { type: "other-phone" };

/** Where the step starts: logged in already (an account with its token), else at the phone. */
export function firstAccountPhase(account: Pick<CustomerAccount, "customerAccountIdentificationCode"> | null): AccountPhase {
  return account?.customerAccountIdentificationCode ? "details" : "phone";
}

/** The phase after `event`; an event that does not belong to the phase shown changes nothing. */
export function nextAccountPhase(phase: AccountPhase, event: AccountEvent): AccountPhase {
  switch (phase) {
    case "phone":
      return event.type === "phone-looked-up" ? (event.known ? "password" : "new") : phase;
    case "password":
      if (event.type === "logged-in") return "details";
      if (event.type === "reset-code-sent") return "reset";
      return event.type === "other-phone" ? "phone" : phase;
    case "reset":
      return event.type === "password-changed" || event.type === "back-to-password" ? "password" : phase;
    case "new":
      return event.type === "other-phone" ? "phone" : phase;
    case "details":
      return phase;
  }
}
