import { describe, expect, it } from "vitest";
import { accountAt, platformFee } from "./page-accounts.ts";

const own = { stripeAccount: "acct_1Own", vippsMsn: "654321", platformFeePercent: 2.5 };
const none = { stripeAccount: null, vippsMsn: null, platformFeePercent: null };

describe("where a page's money goes", () => {
  it("each gateway finds the page's own account there, or none (the deployment's)", () => {
    expect(accountAt("stripe", own)).toBe("acct_1Own");
    expect(accountAt("vipps", own)).toBe("654321");
    expect(accountAt("simulator", own)).toBeNull();
    expect(accountAt("stripe", none)).toBeNull();
  });

  it("the platform's fee is its percent of the payment, in the currency's minor unit, on the page's own Stripe account only", () => {
    expect(platformFee(50, "USD", own)).toBe(1.25);
    expect(platformFee(33.33, "USD", own)).toBe(0.83);
    expect(platformFee(500, "JPY", own)).toBe(13);
    expect(platformFee(50, "USD", { ...own, platformFeePercent: 100 })).toBe(50);
    expect(platformFee(50, "USD", { ...own, platformFeePercent: null })).toBe(0);
    expect(platformFee(50, "USD", { ...own, stripeAccount: null })).toBe(0);
  });
});
