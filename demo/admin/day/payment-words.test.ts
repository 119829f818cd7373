import { describe, expect, it } from "vitest";
import { PAYMENT_STATES, REFUND_STATES } from "booking-widget/contract";
import { paymentMethodWords, paymentStateWords, refundStateWords } from "./payment-words.ts";

describe("a payment in words", () => {
  it("names every state the contract has, and a method it does not know as an online payment", () => {
    for (const state of PAYMENT_STATES) expect(paymentStateWords(state).message).toBeTruthy();
    for (const state of REFUND_STATES) expect(refundStateWords(state).message).toBeTruthy();
    expect(paymentMethodWords("payu").message).toBe("Paid online");
    expect(paymentMethodWords("klarna").message).toBe("Online payment");
  });
});
