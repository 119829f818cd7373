/**
 * Why the back office's API refused a request (issue 59): the `code` beside the
 * `message`, as src/contract/refusals.ts's REFUSALS are for the widget. Kept apart from
 * REFUSALS on purpose: the widget's first screen carries that table at runtime and has
 * no bytes to spare; the back office imports this one. One code proves one cause.
 */
export const ADMIN_REFUSALS = {
  /** No session, or one that was ended, ran idle or reached its end: sign in again. */
  "signed-out": { status: 401, message: "You are signed out. Please sign in again." },
  /** Sign-in: the e-mail address and password do not open an account at this page (which of them is wrong is not said). */
  "wrong-email-or-password": { status: 401, message: "Wrong e-mail address or password" },
  /** A change whose body is not declared application/json (a form or text/plain body a cross-site page can send). */
  "json-only": { status: 415, message: "The request body must be JSON (Content-Type: application/json)" },
  /** A change whose Origin is not this site's own (or is missing). */
  "cross-site-request": { status: 403, message: "This request did not come from this site" },
  /** A change without the session's X-CSRF-Token, or with another. */
  "csrf-token-invalid": { status: 403, message: "The request's CSRF token is missing or wrong. Reload the page and try again." },
  /** The person's role does not reach the area at the level this needs. */
  "not-allowed": { status: 403, message: "Your role does not allow this" },
  /** Invitation: the link was used already (a link makes one account). */
  "invitation-used": { status: 410, message: "This invitation has been used. Sign in instead." },
  /** Invitation: the link ran out: the owner can send a new one. */
  "invitation-expired": { status: 410, message: "This invitation has run out. Ask for a new one." },
  /** Invitation: no invitation has this link. */
  "invitation-unknown": { status: 404, message: "No such invitation" },
  /** This e-mail address already has an account at this page: it signs in (an invitation never sets its password). */
  "admin-account-exists": { status: 409, message: "This e-mail address already has an account here. Sign in instead." },
  /** The change would leave the page without an owner who can sign in. */
  "last-owner": { status: 409, message: "The last owner cannot be disabled" },
  /** The owner's reach is fixed (every area); it is not given by a role. */
  "owner-role-fixed": { status: 409, message: "An owner has every area: the role of an owner cannot be changed" },
  /** A role that people still have cannot be deleted: give them another first. */
  "role-in-use": { status: 409, message: "People still have this role. Give them another role first." },
  /** Another role of this page has this name. */
  "role-name-taken": { status: 409, message: "Another role has this name" },
  /** Passkey: the registration could not be verified (wrong origin, no user verification, an unknown format). */
  "passkey-invalid": { status: 400, message: "This passkey could not be added. Try again." },
  /** Passkey sign-in: the passkey is unknown here, its signature is wrong, or its account cannot sign in. */
  "passkey-refused": { status: 401, message: "This passkey does not open an account here" },
  /** Passkey: the challenge was used, ran out (5 minutes) or was never given: ask again. */
  "passkey-challenge-expired": { status: 400, message: "This took too long. Please try again." },
  /** A change to an appointment that is cancelled. */
  "appointment-cancelled": { status: 409, message: "This appointment has been cancelled" },
  /** A change to a booking still waiting for its online payment (the payment decides it first). */
  "awaiting-payment": {
    status: 409,
    message: "This booking is waiting for its online payment. Change it once it is paid, or when its time to pay runs out.",
  },
  /** A cancel or a move of an appointment whose time is over. */
  "appointment-over": { status: 409, message: "This appointment is over: it can no longer be cancelled or moved" },
  /** A no-show marked before the appointment starts, or an arrival more than an hour before. */
  "too-early-to-mark": { status: 409, message: "It is too early to mark this appointment" },
} as const satisfies Record<string, { status: number; message: string }>;

export type AdminRefusalCode = keyof typeof ADMIN_REFUSALS;
