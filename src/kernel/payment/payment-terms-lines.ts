import type { MessageDescriptor } from "@lingui/core";
import type { PaymentTerms } from "../../contract/rules/service-price.ts";

// Message descriptors of a booking's payment terms; /*i18n*/ marks them for `lingui extract`.
export const paymentTermsMessages = {
  payNow: /*i18n*/ { id: "confirm.payOnline", message: "To pay online now: {amount}" },
  depositNow: /*i18n*/ { id: "terms.depositNow", message: "Deposit to pay online now: {amount}" },
  paid: /*i18n*/ { id: "terms.paid", message: "Paid online: {amount}" },
  depositPaid: /*i18n*/ { id: "terms.depositPaid", message: "Deposit paid online: {amount}" },
  atPlace: /*i18n*/ { id: "terms.atPlace", message: "To pay at {company}: {amount}" },
  refundRule: /*i18n*/ {
    id: "terms.refundRule",
    message: "Cancel at least {hours} hours before for a full refund of {amount}. A later cancellation or a no-show keeps it.",
  },
  refundRuleAnyTime: /*i18n*/ {
    id: "terms.refundRuleAnyTime",
    message: "Cancel before the appointment for a full refund of {amount}. A no-show keeps it.",
  },
  refundRuleEach: /*i18n*/ {
    id: "terms.refundRuleEach",
    message: "Cancel a time at least {hours} hours before for a full refund of its {amount}. A later cancellation or a no-show keeps it.",
  },
  refundRuleEachAnyTime: /*i18n*/ {
    id: "terms.refundRuleEachAnyTime",
    message: "Cancel a time before it starts for a full refund of its {amount}. A no-show keeps it.",
  },
  refundOnCancel: /*i18n*/ { id: "terms.refundOnCancel", message: "The {amount} you paid online will be refunded in full." },
  cancelledRefunded: /*i18n*/ {
    id: "terms.cancelledRefunded",
    message: "Your appointment has been cancelled. {amount} will be refunded to you.",
  },
} satisfies Record<string, MessageDescriptor>;

/** One line of the terms: its message and the values it names. */
export type TermsLine = MessageDescriptor & { values: Record<string, string | number> };

/**
 * What a booking's payment terms say (issue 41), before booking (`paid` false: the
 * confirm step) and after (the receipt): what is paid online now or was, what is left to
 * pay at the place, and what a cancel gives back. Nothing when nothing is paid online.
 */
export function paymentTermsLines(
  terms: PaymentTerms,
  { paid, hoursToCancel, company, price }: { paid: boolean; hoursToCancel: number; company: string; price(amount: number): string },
): TermsLine[] {
  if (terms.now <= 0) return [];
  const m = paymentTermsMessages;
  const amount = price(terms.now);
  const now = paid ? (terms.deposit ? m.depositPaid : m.paid) : terms.deposit ? m.depositNow : m.payNow;
  const lines: TermsLine[] = [{ ...now, values: { amount } }];
  if (terms.deposit && terms.atPlace) lines.push({ ...m.atPlace, values: { company, amount: price(terms.atPlace) } });
  // A series paid at once: cancelling one time gives back its share.
  if (terms.each !== undefined) {
    const each = price(terms.each);
    lines.push(
      hoursToCancel > 0
        ? { ...m.refundRuleEach, values: { hours: hoursToCancel, amount: each } }
        : { ...m.refundRuleEachAnyTime, values: { amount: each } },
    );
    return lines;
  }
  lines.push(
    hoursToCancel > 0 ? { ...m.refundRule, values: { hours: hoursToCancel, amount } } : { ...m.refundRuleAnyTime, values: { amount } },
  );
  return lines;
}
