/**
 * The error catalogue of spec §8 and its success messages, in English; the spec's
 * Norwegian texts ("Feil passord", "Feil kode", …) are their Norwegian translations.
 * Kept in one place so that every screen says the same thing for the same situation.
 */
export const errorCatalogue = {
  wrongPassword: /*i18n*/ { id: "error.wrongPassword", message: "Wrong password" },
  wrongResetCode: /*i18n*/ { id: "error.wrongResetCode", message: "Wrong code" },
  wrongTokenOrPhone: /*i18n*/ { id: "error.wrongTokenOrPhone", message: "Wrong code/phone number" },
  invalidCode: /*i18n*/ { id: "error.invalidCode", message: "Invalid code, please try again" },
  noteNotChanged: /*i18n*/ { id: "error.noteNotChanged", message: "Could not change the note" },
  codeNotSent: /*i18n*/ { id: "error.codeNotSent", message: "Could not send the verification code" },
  wrongVerificationCode: /*i18n*/ { id: "error.wrongVerificationCode", message: "Wrong verification code" },
  notVerifiedWithCode: /*i18n*/ { id: "error.notVerifiedWithCode", message: "Could not verify with this code" },
  bookingFailed: /*i18n*/ {
    id: "error.bookingFailed",
    message: "An unexpected error occurred. Please try again, or call {phone} to book.",
  },
  occupied: /*i18n*/ {
    id: "error.occupied",
    message: "This time overlaps the next appointment. Please choose a shorter service or another time.",
  },
  tooSoon: /*i18n*/ {
    id: "error.tooSoon",
    message: "This time is too close to book online now. Please choose a later time.",
  },
  customersNotLoaded: /*i18n*/ { id: "error.customersNotLoaded", message: "Could not load customers" },
  accountNotCreated: /*i18n*/ { id: "error.accountNotCreated", message: "Could not create customer account" },
  cancelTooLate: /*i18n*/ { id: "error.cancelTooLate", message: "You can only cancel {hours} hours in advance" },
  noHoursThisDay: /*i18n*/ { id: "error.noHoursThisDay", message: "No available hours for this day" },
  noProviderForService: /*i18n*/ { id: "error.noProviderForService", message: "No providers currently offer this service" },
  noPaymentProvider: /*i18n*/ {
    id: "error.noPaymentProvider",
    message: "No payment provider has been configured. Please contact the service provider.",
  },
  unpaidBookingsWaiting: /*i18n*/ {
    id: "error.unpaidBookingsWaiting",
    message: "You already have bookings waiting for payment. Pay for one of them, or try again in {minutes} minutes.",
  },
  tooManyBookings: /*i18n*/ {
    id: "error.tooManyBookings",
    message: "Too many bookings have been made from your network today. Please call {phone} to book more.",
  },
  paymentInitFailed: /*i18n*/ { id: "error.paymentInitFailed", message: "Failed to initialize payment. Please try again." },
  /** The held booking can no longer be paid (its hold ran out, or it was tried too often): Retry would not help. */
  paymentBookAgain: /*i18n*/ {
    id: "error.paymentBookAgain",
    message: "This booking can no longer be paid: the time held for it has run out. Please choose a time again.",
  },
  noRedirectUrl: /*i18n*/ { id: "error.noRedirectUrl", message: "No redirect URL available" },
  walletRedirectFailed: /*i18n*/ { id: "error.walletRedirectFailed", message: "Failed to redirect to Vipps. Please try again." },
  paymentFailed: /*i18n*/ { id: "error.paymentFailed", message: "Payment failed" },
  profileSaved: /*i18n*/ { id: "success.profileSaved", message: "Your profile has been saved" },
  appointmentCancelled: /*i18n*/ { id: "success.appointmentCancelled", message: "Your appointment has been cancelled" },
  appointmentChanged: /*i18n*/ { id: "success.appointmentChanged", message: "You have changed your appointment" },
  passwordChanged: /*i18n*/ { id: "success.passwordChanged", message: "Your password has been changed" },
};
