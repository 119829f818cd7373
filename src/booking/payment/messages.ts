export const paymentMessages = {
  succeeded: /*i18n*/ { id: "payment.succeeded", message: "Thank you, your payment was received." },
  failed: /*i18n*/ { id: "payment.failed", message: "The payment was not completed." },
  title: /*i18n*/ { id: "payment.title", message: "Pay online" },
  amount: /*i18n*/ { id: "payment.amount", message: "This booking is confirmed once {amount} is paid online." },
  initializing: /*i18n*/ { id: "payment.initializing", message: "Preparing the payment…" },
  checking: /*i18n*/ { id: "payment.checking", message: "Checking the payment…" },
  pay: /*i18n*/ { id: "payment.pay", message: "Pay {amount}" },
  payWithVipps: /*i18n*/ { id: "payment.payWithVipps", message: "Pay {amount} with Vipps" },
  retry: /*i18n*/ { id: "payment.retry", message: "Retry" },
  cancel: /*i18n*/ { id: "payment.cancel", message: "Cancel" },
  close: /*i18n*/ { id: "payment.close", message: "Close" },
  returnedFailed: /*i18n*/ {
    id: "payment.returnedFailed",
    message: "The payment was not completed. Your details are kept: you can try again.",
  },
  backToBooking: /*i18n*/ { id: "payment.backToBooking", message: "Back to the booking page" },
  pending: /*i18n*/ {
    id: "payment.pending",
    message: "Your payment is being processed. Your booking shows here as soon as it is confirmed.",
  },
  stillPending: /*i18n*/ {
    id: "payment.stillPending",
    message: "Your payment is still being processed. You will get a receipt as soon as it is confirmed; reload this page to check.",
  },
  refunded: /*i18n*/ {
    id: "payment.refunded",
    message: "Your payment arrived after the time was no longer available, so it is refunded in full. Please choose another time.",
  },
};
