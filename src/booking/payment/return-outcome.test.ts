import { describe, expect, it } from "vitest";
import { returnOutcome } from "./return-outcome.ts";

describe("returnOutcome", () => {
  it("shows a receipt only for a paid payment; settling and refunded are their own, never a decline", () => {
    expect(returnOutcome({ status: "paid", settling: false })).toBe("success");
    expect(returnOutcome({ status: "pending", settling: true })).toBe("pending");
    expect(returnOutcome({ status: "refunded", settling: false })).toBe("refunded");
    expect(returnOutcome({ status: "declined", settling: false })).toBe("failure");
    expect(returnOutcome({ status: "expired", settling: false })).toBe("failure");
  });

  it("a payment pending and not settling was not paid (a forged or early return address): a failure", () => {
    expect(returnOutcome({ status: "pending", settling: false })).toBe("failure");
  });
});
