import { describe, expect, it } from "vitest";
import { returnOutcome } from "./return-outcome.ts";

describe("returnOutcome", () => {
  it("shows a receipt only for a paid payment; pending and refunded are their own, never a decline", () => {
    expect(returnOutcome({ status: "paid" })).toBe("success");
    expect(returnOutcome({ status: "pending" })).toBe("pending");
    expect(returnOutcome({ status: "refunded" })).toBe("refunded");
    expect(returnOutcome({ status: "declined" })).toBe("failure");
    expect(returnOutcome({ status: "expired" })).toBe("failure");
  });
});
