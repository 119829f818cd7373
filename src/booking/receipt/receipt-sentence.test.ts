import { describe, expect, it } from "vitest";
import { receiptSentence } from "./receipt-sentence.ts";

describe("receipt sentence", () => {
  it("promises a receipt and a reminder on the ticked channels", () => {
    expect(receiptSentence(["sms", "email"], ["email"])).toEqual({ kind: "receiptAndReminder", channels: ["email", "sms"] });
  });

  it("promises only what was ticked", () => {
    expect(receiptSentence(["whatsapp"], [])).toEqual({ kind: "receiptOnly", channels: ["whatsapp"] });
    expect(receiptSentence([], ["sms"])).toEqual({ kind: "reminderOnly", channels: ["sms"] });
    expect(receiptSentence([], [])).toBeNull();
  });
});
