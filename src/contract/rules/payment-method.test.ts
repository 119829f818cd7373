import { expect, it } from "vitest";
import { paymentMethodOf } from "./payment-method.ts";

it("takes payments by form (1) or mobile wallet (3), and by nothing else", () => {
  expect([0, 1, 2, 3, 4, null, undefined].map(paymentMethodOf)).toEqual([null, "payu", null, "vipps", null, null, null]);
});
