import { describe, expect, it } from "vitest";
import type { Service } from "../../contract/schemas/index.ts";
import { paymentNeed } from "./payment-need.ts";

const paid = { mustPayOnline: true } as Service;
const free = { mustPayOnline: false } as Service;

describe("payment need", () => {
  it("asks nothing when no chosen service must be paid online", () => {
    expect(paymentNeed({ onlineTransactionProvider: 1 }, [free], 0)).toEqual({ kind: "none" });
  });

  it("pays by the payment form with provider 1, by card with provider 2 and by wallet redirect with provider 3", () => {
    expect(paymentNeed({ onlineTransactionProvider: 1 }, [free, paid], 50)).toEqual({ kind: "pay", amount: 50, method: "payu" });
    expect(paymentNeed({ onlineTransactionProvider: 2 }, [paid], 120)).toEqual({ kind: "pay", amount: 120, method: "card" });
    expect(paymentNeed({ onlineTransactionProvider: 3 }, [paid], 500)).toEqual({ kind: "pay", amount: 500, method: "vipps" });
  });

  it("has no payment provider with 0 (or a value the spec does not know)", () => {
    expect(paymentNeed({ onlineTransactionProvider: 0 }, [paid], 120)).toEqual({ kind: "no-provider" });
    expect(paymentNeed({ onlineTransactionProvider: 7 as 0 }, [paid], 120)).toEqual({ kind: "no-provider" });
  });
});
