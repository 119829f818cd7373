import { describe, expect, it } from "vitest";
import { paymentTermsLines, paymentTermsMessages as m } from "./payment-terms-lines.ts";

const price = (amount: number) => `$${amount}`;
const ids = (lines: ReturnType<typeof paymentTermsLines>) => lines.map((line) => [line.id, line.values]);

describe("paymentTermsLines", () => {
  it("a deposit before booking: what is paid now, what is left at the place, and what a cancel gives back", () => {
    const lines = paymentTermsLines(
      { now: 50, atPlace: 1400, deposit: true },
      { paid: false, hoursToCancel: 24, company: "Demo Salon", price },
    );
    expect(ids(lines)).toEqual([
      [m.depositNow.id, { amount: "$50" }],
      [m.atPlace.id, { company: "Demo Salon", amount: "$1400" }],
      [m.refundRule.id, { hours: 24, amount: "$50" }],
    ]);
  });

  it("paid in full, after booking, on a page that allows a cancel until the start", () => {
    const lines = paymentTermsLines({ now: 120, atPlace: 0, deposit: false }, { paid: true, hoursToCancel: 0, company: "Clinic", price });
    expect(ids(lines)).toEqual([
      [m.paid.id, { amount: "$120" }],
      [m.refundRuleAnyTime.id, { amount: "$120" }],
    ]);
  });

  it("a series paid at once: all its deposits now, and what cancelling one time gives back", () => {
    const lines = paymentTermsLines(
      { now: 100, atPlace: 300, deposit: true, each: 25 },
      { paid: false, hoursToCancel: 24, company: "Rehab", price },
    );
    expect(ids(lines)).toEqual([
      [m.depositNow.id, { amount: "$100" }],
      [m.atPlace.id, { company: "Rehab", amount: "$300" }],
      [m.refundRuleEach.id, { hours: 24, amount: "$25" }],
    ]);
    const anyTime = paymentTermsLines(
      { now: 100, atPlace: 0, deposit: false, each: 25 },
      { paid: true, hoursToCancel: 0, company: "", price },
    );
    expect(ids(anyTime).at(-1)).toEqual([m.refundRuleEachAnyTime.id, { amount: "$25" }]);
  });

  it("says nothing when nothing is paid online", () => {
    expect(paymentTermsLines({ now: 0, atPlace: 65, deposit: false }, { paid: false, hoursToCancel: 24, company: "", price })).toEqual([]);
  });
});
