import { describe, expect, it } from "vitest";
import { refundShare } from "./refund-share.ts";

describe("refundShare", () => {
  it("a payment for one appointment gives all of it back", () => {
    expect(refundShare({ taken: 50, currency: "USD", appointments: 1, refunded: 0 }, 1, true)).toBe(50);
  });

  it("a series of four paid $200: one cancelled gives $50, the rest what is left", () => {
    const payment = { taken: 200, currency: "USD", appointments: 4, refunded: 0 };
    expect(refundShare(payment, 1, false)).toBe(50);
    expect(refundShare({ ...payment, refunded: 50 }, 2, false)).toBe(100);
    expect(refundShare({ ...payment, refunded: 150 }, 1, true)).toBe(50);
  });

  it("shares that do not divide evenly: each share rounds down, the last cancel gives back the remainder", () => {
    const payment = { taken: 100, currency: "USD", appointments: 3, refunded: 0 };
    expect(refundShare(payment, 1, false)).toBe(33.33);
    expect(refundShare({ ...payment, refunded: 66.66 }, 1, true)).toBe(33.34);
  });

  it("a zero-decimal currency splits in whole yen; a three-decimal one in steps of ten", () => {
    expect(refundShare({ taken: 1502, currency: "JPY", appointments: 3, refunded: 0 }, 1, false)).toBe(500);
    expect(refundShare({ taken: 1502, currency: "JPY", appointments: 3, refunded: 1000 }, 1, true)).toBe(502);
    expect(refundShare({ taken: 10, currency: "KWD", appointments: 3, refunded: 0 }, 1, false)).toBe(3.33);
  });

  it("never more than is left, whatever was refunded before", () => {
    expect(refundShare({ taken: 100, currency: "EUR", appointments: 2, refunded: 90 }, 1, false)).toBe(10);
    expect(refundShare({ taken: 100, currency: "EUR", appointments: 2, refunded: 100 }, 1, true)).toBe(0);
  });
});
