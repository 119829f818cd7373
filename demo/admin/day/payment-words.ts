import type { MessageDescriptor } from "@lingui/core";
import type { AdminAppointment } from "booking-widget/contract";

type Payment = NonNullable<AdminAppointment["payment"]>;

/**
 * An appointment's payment in words (issue 59): the way the customer paid, where the API
 * sends the widget's method code (the gateway behind it is the deployment's: Stripe
 * Checkout takes "payu" and "card"), and the payment's and its refunds' states.
 */
const METHODS: Record<string, MessageDescriptor> = {
  payu: /*i18n*/ { id: "admin.payment.method.online", message: "Paid online" },
  card: /*i18n*/ { id: "admin.payment.method.card", message: "Card" },
  vipps: /*i18n*/ { id: "admin.payment.method.vipps", message: "Vipps" },
};
const OTHER_METHOD: MessageDescriptor = /*i18n*/ { id: "admin.payment.method.other", message: "Online payment" };

const STATES: Record<Payment["state"], MessageDescriptor> = {
  pending: /*i18n*/ { id: "admin.payment.state.pending", message: "waiting for the payment" },
  paid: /*i18n*/ { id: "admin.payment.state.paid", message: "paid" },
  declined: /*i18n*/ { id: "admin.payment.state.declined", message: "declined" },
  expired: /*i18n*/ { id: "admin.payment.state.expired", message: "not paid in time" },
  refunded: /*i18n*/ { id: "admin.payment.state.refunded", message: "refunded" },
};

const REFUND_STATES: Record<Payment["refunds"][number]["state"], MessageDescriptor> = {
  due: /*i18n*/ { id: "admin.refund.state.due", message: "on its way" },
  done: /*i18n*/ { id: "admin.refund.state.done", message: "refunded" },
  failed: /*i18n*/ { id: "admin.refund.state.failed", message: "failed: see the payment at the gateway" },
};

export const paymentMethodWords = (method: string): MessageDescriptor => METHODS[method] ?? OTHER_METHOD;
export const paymentStateWords = (state: Payment["state"]): MessageDescriptor => STATES[state];
export const refundStateWords = (state: Payment["refunds"][number]["state"]): MessageDescriptor => REFUND_STATES[state];
