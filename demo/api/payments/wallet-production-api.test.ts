import { describe, expect, it } from "vitest";
import { namesWalletProductionApi } from "./wallet-production-api.ts";

// Issue 57 point 6: the demo never takes real money through the wallet.

describe("an address that names Vipps MobilePay's production API", () => {
  it("is its production host however it is spelled", () => {
    for (const address of [
      "https://api.vipps.no",
      "https://api.vipps.no/",
      "https://API.Vipps.NO",
      "https://api.vipps.no:443/",
      "https://api.vipps.no:8443/epayment",
      "http://api.vipps.no",
      "https://api.vipps.no./",
      "https://user:secret@api.vipps.no",
      "https://api%2Evipps.no",
      "https://api\u3002vipps.no",
    ])
      expect(namesWalletProductionApi(address), address).toBe(true);
  });

  it("is any other host of Vipps MobilePay's domains (MobilePay's, a new alias), but not their test environments", () => {
    for (const address of ["https://api.mobilepay.dk", "https://API.MobilePay.fi/", "https://vipps.no", "https://api.vippsmobilepay.com"])
      expect(namesWalletProductionApi(address), address).toBe(true);
    for (const address of ["https://apitest.vipps.no", "https://APITEST.vipps.no:443/", "https://api.sandbox.mobilepay.dk"])
      expect(namesWalletProductionApi(address), address).toBe(false);
  });

  it("is not a stand-in of one's own, nor a host that only has the name in it", () => {
    for (const address of [
      "http://127.0.0.1:9",
      "http://localhost:4010/",
      "https://vipps-stand-in.example.com",
      "https://api.vipps.no.example.com",
      "https://mobilepay.example.com",
      "not an address",
    ])
      expect(namesWalletProductionApi(address), address).toBe(false);
  });
});
