import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** What a webhook delivery's signature is made of (Vipps MobilePay Webhooks API, "Request authentication"). */
export interface WalletSignedRequest {
  /** The path and query the webhook was registered with (what the sender signed). */
  pathAndQuery: string;
  /** The host the webhook was registered with. */
  host: string;
  /** The x-ms-date header. */
  date: string;
  body: string;
}

/** base64 SHA-256 of the body: the x-ms-content-sha256 header. */
export const walletContentHash = (body: string) => createHash("sha256").update(body, "utf8").digest("base64");

/**
 * The Authorization header of a delivery: HMAC-SHA256 with the webhook's secret over
 * "POST\n{path and query}\n{x-ms-date};{host};{x-ms-content-sha256}", in base64.
 */
export function walletAuthorization(request: WalletSignedRequest, secret: string): string {
  const signed = `POST\n${request.pathAndQuery}\n${request.date};${request.host};${walletContentHash(request.body)}`;
  const signature = createHmac("sha256", Buffer.from(secret, "utf8")).update(signed, "utf8").digest("base64");
  return `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature}`;
}

/**
 * Whether a delivery is the webhook's: its content hash is its body's, and its
 * Authorization is the one the secret makes (compared in constant time).
 */
export function walletSignatureValid(
  request: WalletSignedRequest,
  headers: { contentHash: string | undefined; authorization: string | undefined },
  secret: string,
): boolean {
  if (!headers.contentHash || !headers.authorization || !request.date) return false;
  if (!same(headers.contentHash, walletContentHash(request.body))) return false;
  return same(headers.authorization, walletAuthorization(request, secret));
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
