import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { OnlinePayment, onlinePaymentFields } from "./online-payment.ts";

const haircut = { price: 65, disablePrice: false, mustPayOnline: false };

describe("onlinePaymentFields", () => {
  it("takes the page's policy for a service that says nothing", () => {
    expect(onlinePaymentFields(haircut, { kind: "full" })).toEqual({ mustPayOnline: true, payOnlinePrice: null });
    expect(onlinePaymentFields(haircut, { kind: "none" })).toEqual({ mustPayOnline: false, payOnlinePrice: null });
    expect(onlinePaymentFields(haircut, { kind: "deposit", percent: 20 })).toEqual({ mustPayOnline: true, payOnlinePrice: 13 });
    expect(onlinePaymentFields(haircut, undefined)).toEqual({ mustPayOnline: false, payOnlinePrice: null });
  });

  it("a service's own policy, or its spec fields, win over the page's", () => {
    expect(onlinePaymentFields({ ...haircut, onlinePayment: { kind: "none" } }, { kind: "full" })).toEqual({
      mustPayOnline: false,
      payOnlinePrice: null,
    });
    expect(onlinePaymentFields({ ...haircut, mustPayOnline: true, payOnlinePrice: 50 }, { kind: "none" })).toEqual({
      mustPayOnline: true,
      payOnlinePrice: 50,
    });
  });

  it("a deposit is a part of the shown price (the discount), in cents, and never more than it", () => {
    expect(
      onlinePaymentFields({ price: 45, discountPrice: 39, disablePrice: false, mustPayOnline: false }, { kind: "deposit", percent: 33 }),
    ).toEqual({
      mustPayOnline: true,
      payOnlinePrice: 12.87,
    });
    expect(onlinePaymentFields(haircut, { kind: "deposit", amount: 100 })).toEqual({ mustPayOnline: true, payOnlinePrice: 65 });
    // A price that varies: a percent of it is nothing; a fixed amount is still asked.
    const varies = { ...haircut, disablePrice: true };
    expect(onlinePaymentFields(varies, { kind: "deposit", percent: 20 })).toEqual({ mustPayOnline: false, payOnlinePrice: null });
    expect(onlinePaymentFields(varies, { kind: "deposit", amount: 20 })).toEqual({ mustPayOnline: true, payOnlinePrice: 20 });
    // A free service asks nothing.
    expect(onlinePaymentFields({ ...haircut, price: 0 }, { kind: "deposit", percent: 50 })).toEqual({
      mustPayOnline: false,
      payOnlinePrice: null,
    });
  });

  it("refuses a policy that is not one of the four, naming what is wrong", () => {
    const problems = (input: unknown) => v.safeParse(OnlinePayment, input).issues?.map((issue) => issue.message) ?? [];
    expect(problems({ kind: "deposit" })).toEqual(["needs a percent or an amount (one of them)"]);
    expect(problems({ kind: "deposit", percent: 10, amount: 5 })).toEqual(["needs a percent or an amount (one of them)"]);
    expect(problems({ kind: "deposit", percent: 120 })).toEqual(["must be 1 to 100"]);
    expect(problems({ kind: "deposit", percentage: 10 })).toHaveLength(1);
    expect(problems({ kind: "half" })).toHaveLength(1);
  });
});
