/**
 * Why the booking API refused a request: the machine-readable `code` beside the
 * `message` of its error body (`{ message, code }`). One code proves one cause; the
 * widget decides by the code, never by the words. The reference API throws them
 * (demo/api/http-errors.ts `refuse`); the widget only imports the type, so the table
 * costs it nothing.
 *
 * The spec's API names two refusals by their text alone (§4 "Verification required",
 * §8 the occupied slot); `SPEC_TEXTS` keeps those words, and `refusalOf`
 * (api/errors.ts) reads them from an API that sends no code.
 */
export const SPEC_TEXTS = {
  "verification-required": "Verification required",
  occupied: "Cannot book appointment - it's occupied",
} as const;

export const REFUSALS = {
  /** The booking needs a verified customer (a code, or an account) first. */
  "verification-required": { status: 403, message: SPEC_TEXTS["verification-required"] },
  /** The time is no longer free (booked, or held by another visitor). */
  occupied: { status: 409, message: SPEC_TEXTS.occupied },
  /** The booking's online payment has not gone through. */
  "payment-not-completed": { status: 402, message: "Payment not completed" },
  /** A payment that already paid for another booking. */
  "payment-used": { status: 409, message: "This payment has already been used" },
  /** A My Page move of a must-pay-online service that was not paid. */
  "must-pay-online": { status: 402, message: "This service must be paid online. Book it as a new appointment." },
  /** The time starts sooner than the page's (or the service's) minimum notice allows now: a later time can be booked. */
  "too-soon": { status: 409, message: "This time is too close to book online now. Please choose a later time." },
  /** The time asked to be held is taken (booked or held by another). */
  "time-taken": { status: 409, message: "This time has just been taken" },
  /** This network address already holds as many times as it may. */
  "too-many-holds": { status: 429, message: "Too many times are held from your network. Book one of them, or wait a few minutes." },
  /** A customer, phone or network address already has as many bookings waiting for payment as it may. */
  "too-many-unpaid-bookings": {
    status: 429,
    message: "You already have bookings waiting for payment. Pay for one of them, or wait until it lapses.",
  },
  /**
   * A page that does not verify its customers took as many appointments from this
   * address (or its network) in a day as one stranger may take of its days: call to book more.
   */
  "too-many-bookings": {
    status: 429,
    message: "Too many bookings from your network today. Please call to book more, or try again in {minutes} minutes.",
  },
  /** This network address asked to hold times too often. */
  "too-many-hold-requests": { status: 429, message: "Too many times held. Try again in {minutes} minutes." },
  /** Too many verification or login codes sent to one recipient or from one address. */
  "too-many-codes": { status: 429, message: "Too many codes sent. Try again in {minutes} minutes." },
  /** Too many wrong guesses (code, password, token) for one account or from one address. */
  "too-many-attempts": { status: 429, message: "Too many failed attempts. Try again in {minutes} minutes." },
  /** Too many requests of one kind from one address (e.g. anonymous audit entries). */
  "too-many-requests": { status: 429, message: "Too many requests. Try again in {minutes} minutes." },
  /** A code took too many wrong guesses: only a new code helps now. */
  "code-used-up": { status: 429, message: "Too many wrong codes. Ask for a new code and try again." },
  /** The time held for an unpaid booking ran out before the payment. */
  "hold-lapsed": { status: 409, message: "The time held for this booking has run out. Please book again." },
  /** A held booking whose payment was started as many times as one booking may (each attempt stretches its hold). */
  "payment-attempts-used-up": { status: 409, message: "This booking has been tried too many times. Please book again." },
  /** A payment asked for with a token that is not this booking's. */
  "not-your-booking": { status: 403, message: "This booking cannot be paid from here: the payment token does not match" },
  /** The provider takes no online payments. */
  "no-payment-provider": { status: 400, message: "No payment provider has been configured. Please contact the service provider." },
  /** The payment gateway could not start the payment (it failed or did not answer in time): nothing was charged, try again. */
  "payment-gateway-failed": { status: 502, message: "Failed to initialize payment. Please try again." },
  /**
   * The booking service's database cannot serve right now (restarting, failing over, out
   * of connections): nothing was changed unless an earlier answer said so; send the same
   * request again after Retry-After.
   */
  "service-unavailable": { status: 503, message: "The booking service is unavailable for a moment. Please try again." },
  /**
   * The process has as many requests under way and waiting as it takes (issue 58): nothing
   * was read or changed; send the same request again after Retry-After, here or to another process.
   */
  overloaded: { status: 503, message: "The booking service is busy. Please try again in a moment." },
  /** Too many reads (availability, staff, a booking page) from one address or its network in a short time. */
  "too-many-reads": { status: 429, message: "Too many requests from your network. Please wait a moment and try again." },
  /** The request's body is larger than this route takes: nothing was read. */
  "body-too-large": { status: 413, message: "Request body is too large" },
  /** A payment webhook whose signature is missing, wrong or too old. */
  "webhook-signature-invalid": { status: 400, message: "The webhook signature could not be verified" },
  /** My Page: a cancel or a move of an appointment that starts sooner than the provider's hoursToCancel allows (the message names the hours). */
  "too-late-to-change": { status: 400, message: "You can only cancel in advance" },
  /** My Page: the login code (or customer token) and phone do not belong together. */
  "wrong-code-or-phone": { status: 401, message: "Wrong code or phone number" },
  /** Password login: the password is wrong. */
  "wrong-password": { status: 401, message: "Wrong password" },
  /** Password login or reset: no customer account has this phone number. */
  "unknown-phone": { status: 404, message: "No customer account with this phone number" },
  /** Password reset: the reset code is wrong. */
  "wrong-reset-code": { status: 400, message: "Wrong code" },
  /** Booking verification: the code is wrong or used. */
  "wrong-verification-code": { status: 400, message: "Invalid verification code" },
  /** Creating an account for a phone that already has one. */
  "account-exists": { status: 409, message: "A customer account with this phone number already exists" },
  /** A payment asked for a held booking whose services owe nothing online. */
  "nothing-to-pay": { status: 409, message: "This booking has nothing to pay online" },
  /** An Idempotency-Key sent again after its first request failed: the request may be sent again with it. */
  "idempotency-key-free-again": { status: 409, message: "The first request with this Idempotency-Key failed: send it again" },
  /** An Idempotency-Key sent again with another request than its first. */
  "idempotency-key-reused": { status: 422, message: "This Idempotency-Key was used for a different request" },
  /** An Idempotency-Key sent again while its first request is still running. */
  "idempotency-key-in-flight": { status: 409, message: "A request with this Idempotency-Key is still running: try again shortly" },
  /** The page keeps no waitlist. */
  "waitlist-off": { status: 409, message: "This page has no waitlist" },
  /** The customer already waits as often as one may on this page: an entry must end or be removed first. */
  "waitlist-entries-used-up": {
    status: 409,
    message: "You are already on the waitlist as often as you can be. Remove an entry on My Page first.",
  },
  /** A day the entry names has as many waiting as the page takes. */
  "waitlist-full": { status: 409, message: "The waitlist for this day is full" },
  /** The offer's time was booked with its link: a link books once. */
  "waitlist-offer-used": { status: 410, message: "This offer has been used: the time is booked" },
  /** The offer's time ran out before it was booked: the time went on to the next in line, or to everyone. */
  "waitlist-offer-expired": { status: 410, message: "This offer has run out. You are still on the waitlist." },
  /** Notify-all: someone else booked the offered time first (issue 57). The entry waits on, and hears of the next time. */
  "waitlist-offer-taken": { status: 410, message: "Someone else has booked this time. You are still on the waitlist." },
} as const satisfies Record<string, { status: number; message: string }>;

export type RefusalCode = keyof typeof REFUSALS;
