import { expect, it } from "vitest";
import { paymentMethodOf } from "./payment-method.ts";

it("takes payments by form (1), card (2) or mobile wallet (3), and by nothing else", () => {
  expect([0, 1, 2, 3, 4, -1, 1.5, Number.NaN, null, undefined].map(paymentMethodOf)).toEqual([
    null,
    "payu",
    "card",
    "vipps",
    null,
    null,
    null,
    null,
    null,
    null,
  ]);
});
