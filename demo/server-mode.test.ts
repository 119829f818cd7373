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
