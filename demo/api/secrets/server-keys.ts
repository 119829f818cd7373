import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * What the server keeps secret from its own database: codes and tokens are stored as
 * keyed digests (HMAC-SHA-256) or sealed (AES-256-GCM) under keys derived from one
 * server secret, so a copy of the database alone hands out no live code or token.
 */
export interface ServerKeys {
  /** A keyed digest of `value` for lookups and comparisons; `context` keeps uses apart. */
  digest(context: string, value: string): string;
  /** Encrypts what must be read back later (a token, the My Page code for receipts). */
  seal(value: string): string;
  /** The sealed value, or null when it was not sealed with this secret or was altered. */
  open(sealed: string | null | undefined): string | null;
}

/** The minimum length of API_SECRET: 32 characters of a random string. */
export const MIN_SECRET_LENGTH = 32;

/**
 * The demo's well-known secret (npm start, tests). It protects nothing: a deployment
 * passes its own (the production start refuses to run without one).
 */
export const DEMO_SECRET = "demo-secret-for-npm-start-only-never-in-production";

export function serverKeys(secret: string): ServerKeys {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`The server secret must be at least ${MIN_SECRET_LENGTH} characters`);
  const derive = (use: string) => Buffer.from(hkdfSync("sha256", secret, "booking-widget", use, 32));
  const digestKey = derive("digest");
  const sealKey = derive("seal");
  return {
    digest: (context, value) => createHmac("sha256", digestKey).update(`${context}\u0000${value}`).digest("hex"),
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", sealKey, iv);
      const body = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
      return `v1.${iv.toString("base64url")}.${body.toString("base64url")}.${cipher.getAuthTag().toString("base64url")}`;
    },
    open(sealed) {
      const [version, iv, body, tag] = (sealed ?? "").split(".");
      if (version !== "v1" || !iv || body === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", sealKey, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

/** Compares two strings in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
