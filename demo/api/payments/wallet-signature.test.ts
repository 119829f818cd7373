import { describe, expect, it } from "vitest";
import { walletAuthorization, walletContentHash, walletSignatureValid } from "./wallet-signature.ts";

// The expected values were made apart from this code, with openssl:
//   printf '%s' "$body" | openssl dgst -sha256 -binary | base64
//   printf 'POST\n/api/payments/vipps/webhook\n<date>;booking.example.com;<hash>' | openssl dgst -sha256 -hmac webhook-secret-1 -binary | base64
const body = '{"msn":"123456","reference":"abcdef12","name":"AUTHORIZED"}';
const request = {
  pathAndQuery: "/api/payments/vipps/webhook",
  host: "booking.example.com",
  date: "Sat, 28 Nov 2026 10:00:00 GMT",
  body,
};
const HASH = "vrAbkYGCacFq7sURHtPQ3LHUggIt6m+9455N0sER6bI=";
const AUTHORIZATION = "HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=MZadvq+65HMLxOeUZcQt8zTLC4Bm7wFjMaKpcRaMEYQ=";

describe("a wallet webhook delivery's signature (Vipps MobilePay's HMAC-SHA256 scheme)", () => {
  it("hashes the body and signs method, path, date, host and hash as documented", () => {
    expect(walletContentHash(body)).toBe(HASH);
    expect(walletAuthorization(request, "webhook-secret-1")).toBe(AUTHORIZATION);
  });

  it("holds only for the same body, date, address and secret", () => {
    const headers = { contentHash: HASH, authorization: AUTHORIZATION };
    expect(walletSignatureValid(request, headers, "webhook-secret-1")).toBe(true);
    expect(walletSignatureValid(request, headers, "webhook-secret-2")).toBe(false);
    expect(walletSignatureValid({ ...request, body: body.replace("123456", "654321") }, headers, "webhook-secret-1")).toBe(false);
    expect(walletSignatureValid({ ...request, date: "Sat, 28 Nov 2026 10:00:01 GMT" }, headers, "webhook-secret-1")).toBe(false);
    expect(walletSignatureValid({ ...request, host: "evil.example.com" }, headers, "webhook-secret-1")).toBe(false);
    expect(walletSignatureValid(request, { ...headers, contentHash: undefined }, "webhook-secret-1")).toBe(false);
    expect(walletSignatureValid(request, { ...headers, authorization: undefined }, "webhook-secret-1")).toBe(false);
    expect(walletSignatureValid({ ...request, date: "" }, headers, "webhook-secret-1")).toBe(false);
  });
});
