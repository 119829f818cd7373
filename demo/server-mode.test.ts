import { describe, expect, it } from "vitest";
import { serverModeFrom } from "./server-mode.ts";

// Issue 41 item 7: Stripe's settings are strict about where real money can go.

const SECRET = "9f1c2b7e4a6d8035c1e9b2f47a3d6e8c0b5f1a9d2e7c4b6a8f3d0e1c9b7a5f2d";
const production = {
  API_MODE: "production",
  API_SECRET: SECRET,
  PUBLIC_URL: "https://booking.example.com",
  MESSAGE_WEBHOOK_URL: "https://gateway.example.com/messages",
  MESSAGE_WEBHOOK_SECRET: "3b8e1f6a9c2d7e4b0a5f8c1d6e3b9a7f2c4e0d8b6a1f5c9e7d3b2a0f4c6e8d1b",
};
const live = { STRIPE_SECRET_KEY: "sk_live_51Hx0example", STRIPE_WEBHOOK_SECRET: "whsec_example0secret" };
const test = { STRIPE_SECRET_KEY: "sk_test_51Hx0example", STRIPE_WEBHOOK_SECRET: "whsec_example0secret" };

describe("Stripe's settings", () => {
  it("production takes a live key and talks to Stripe's own API", () => {
    const mode = serverModeFrom({ ...production, ...live });
    expect(mode.stripe).toEqual({ secretKey: live.STRIPE_SECRET_KEY, webhookSecret: live.STRIPE_WEBHOOK_SECRET, apiBase: undefined });
  });

  it("production refuses STRIPE_API_BASE, whatever its scheme: the live key would go to that host", () => {
    for (const base of ["https://stripe-proxy.example.com", "http://127.0.0.1:12111"]) {
      expect(() => serverModeFrom({ ...production, ...live, STRIPE_API_BASE: base })).toThrow(
        /Production start refused; set no STRIPE_API_BASE \(production talks to Stripe's own API only/,
      );
    }
  });

  it("production takes a test key only with ALLOW_TEST_PAYMENTS=1", () => {
    expect(() => serverModeFrom({ ...production, ...test })).toThrow(
      /a live key in STRIPE_SECRET_KEY \(sk_live_…\), or ALLOW_TEST_PAYMENTS=1/,
    );
    expect(serverModeFrom({ ...production, ...test, ALLOW_TEST_PAYMENTS: "1" }).stripe?.secretKey).toBe(test.STRIPE_SECRET_KEY);
    expect(() => serverModeFrom({ ...production, ...test, ALLOW_TEST_PAYMENTS: "yes" })).toThrow(/ALLOW_TEST_PAYMENTS \(1, or unset\)/);
  });

  it("the demo refuses a live key, and takes a test key with a stand-in's address", () => {
    expect(() => serverModeFrom(live)).toThrow(
      /Start refused: a test key in STRIPE_SECRET_KEY \(sk_test_…\): the demo never takes real money/,
    );
    const mode = serverModeFrom({ ...test, STRIPE_API_BASE: "http://127.0.0.1:12111" });
    expect(mode.stripe?.apiBase?.toString()).toBe("http://127.0.0.1:12111/");
  });
});

// Issue 45: Vipps MobilePay's settings, as strict.
const wallet = {
  VIPPS_CLIENT_ID: "fb492b5e-7907-4d83-bc20-c7fb60ca35de",
  VIPPS_CLIENT_SECRET: "Y8Kteew6GE3ZmeycEt6egg==",
  VIPPS_SUBSCRIPTION_KEY: "da7d5b0e18a84aeda961c0c31b75c2a9",
  VIPPS_MSN: "123456",
};

describe("Vipps MobilePay's settings", () => {
  it("production talks to the production environment with all four keys", () => {
    expect(serverModeFrom({ ...production, ...wallet }).vipps).toEqual({
      clientId: wallet.VIPPS_CLIENT_ID,
      clientSecret: wallet.VIPPS_CLIENT_SECRET,
      subscriptionKey: wallet.VIPPS_SUBSCRIPTION_KEY,
      msn: "123456",
      testMode: false,
      apiBase: undefined,
    });
    expect(serverModeFrom(production).vipps).toBeUndefined();
  });

  it("some keys but not all, or a merchant serial number that is none, are refused by name", () => {
    expect(() => serverModeFrom({ ...production, VIPPS_CLIENT_ID: wallet.VIPPS_CLIENT_ID })).toThrow(
      /VIPPS_CLIENT_SECRET, VIPPS_SUBSCRIPTION_KEY, VIPPS_MSN \(Vipps MobilePay takes all four/,
    );
    expect(() => serverModeFrom({ ...production, ...wallet, VIPPS_MSN: "12a456" })).toThrow(
      /VIPPS_MSN \(the merchant serial number: 4 to 7 digits\)/,
    );
  });

  it("production refuses VIPPS_API_BASE, and the test environment without ALLOW_TEST_PAYMENTS=1", () => {
    expect(() => serverModeFrom({ ...production, ...wallet, VIPPS_API_BASE: "http://127.0.0.1:9" })).toThrow(
      /no VIPPS_API_BASE \(production talks to Vipps MobilePay's own API only/,
    );
    expect(() => serverModeFrom({ ...production, ...wallet, VIPPS_TEST_MODE: "1" })).toThrow(
      /ALLOW_TEST_PAYMENTS=1 to run production on Vipps/,
    );
    expect(serverModeFrom({ ...production, ...wallet, VIPPS_TEST_MODE: "1", ALLOW_TEST_PAYMENTS: "1" }).vipps?.testMode).toBe(true);
  });

  it("the demo talks to the test environment or a stand-in only", () => {
    expect(() => serverModeFrom(wallet)).toThrow(/Start refused: VIPPS_TEST_MODE=1 \(the demo never takes real money/);
    expect(serverModeFrom({ ...wallet, VIPPS_TEST_MODE: "1" }).vipps?.testMode).toBe(true);
    expect(serverModeFrom({ ...wallet, VIPPS_API_BASE: "http://127.0.0.1:9" }).vipps?.apiBase?.toString()).toBe("http://127.0.0.1:9/");
  });

  // Issue 57 point 6: VIPPS_API_BASE=https://api.vipps.no started the demo on the production API, "a stand-in".
  it("the demo refuses a VIPPS_API_BASE that names the production API, however it is spelled, with or without the test mode", () => {
    for (const base of ["https://api.vipps.no", "https://API.Vipps.no:443/", "https://api.vipps.no./", "https://api.mobilepay.dk"]) {
      expect(() => serverModeFrom({ ...wallet, VIPPS_API_BASE: base })).toThrow(
        /^Start refused: VIPPS_API_BASE names Vipps MobilePay's production API \(api\.(vipps\.no|mobilepay\.dk)\.?\): the demo never takes real money/,
      );
      expect(() => serverModeFrom({ ...wallet, VIPPS_TEST_MODE: "1", VIPPS_API_BASE: base })).toThrow(/production API/);
    }
  });

  it("the demo's SDK calls the test environment, also when a stand-in takes its place", () => {
    expect(serverModeFrom({ ...wallet, VIPPS_API_BASE: "http://127.0.0.1:9" }).vipps?.testMode).toBe(true);
    expect(serverModeFrom({ ...wallet, VIPPS_API_BASE: "https://apitest.vipps.no" }).vipps?.testMode).toBe(true);
  });
});
