import { describe, expect, it } from "vitest";
import { paymentReturnUrls } from "./return-urls.ts";

describe("payment return addresses", () => {
  it("are /payment/success and /payment/failure on the site, naming the booking page", () => {
    expect(paymentReturnUrls("https://book.example/", "demo-salon")).toEqual({
      successUrl: "https://book.example/payment/success?company=demo-salon",
      failureUrl: "https://book.example/payment/failure?company=demo-salon",
    });
  });
});
