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

/** The minimum length of any server secret (the demo's included). */
export const MIN_SECRET_LENGTH = 32;

/** What a production API_SECRET must carry: 32 bytes of randomness. */
export const MIN_SECRET_BITS = 256;

/**
 * Why `secret` is not fit to be a production API_SECRET, or null. It must carry at least
 * 32 bytes of randomness, estimated from its length and the kinds of characters it draws
 * on (`openssl rand -hex 32` gives 64 hex digits: 256 bits; `openssl rand -base64 32`:
 * 44 characters). Blanks, surrounding spaces, a repeated pattern or few distinct
 * characters are refused whatever their length; so is the demo's well-known secret.
 */
export function secretProblem(secret: string): string | null {
  if (secret.trim() === "") return "is blank";
  if (secret !== secret.trim()) return "starts or ends with white space";
  if (secret === DEMO_SECRET) return "is the demo's well-known secret";
  for (let period = 1; period <= secret.length / 2; period++) {
    if (secret.length % period === 0 && secret.slice(0, period).repeat(secret.length / period) === secret) return "repeats one pattern";
  }
  if (new Set(secret).size < 10) return "uses fewer than 10 distinct characters";
  const bits = Math.floor(randomBits(secret));
  return bits >= MIN_SECRET_BITS ? null : `carries at most ${bits} bits of randomness, fewer than ${MIN_SECRET_BITS}`;
}

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

/**
 * An estimate of the random bits in a secret: 4 a character for hex digits, 6 for base64
 * (letters of both cases and digits, spread as random text spreads them: a phrase
 * repeats its letters more), else the size of the character classes it draws on.
 */
function randomBits(secret: string): number {
  if (/^[0-9a-f]+$/i.test(secret)) return secret.length * 4;
  const body = secret.replace(/=+$/, "");
  if (/^[A-Za-z0-9+/_-]+$/.test(body) && /[A-Z]/.test(body) && /[a-z]/.test(body) && spreadPerCharacter(body) >= 4) return body.length * 6;
  const alphabet =
    (/[0-9]/.test(secret) ? 10 : 0) +
    (/[a-z]/.test(secret) ? 26 : 0) +
    (/[A-Z]/.test(secret) ? 26 : 0) +
    // Other characters count as many as it shows: the dashes of a phrase add little.
    new Set(secret.replace(/[0-9a-zA-Z]/g, "")).size;
  return secret.length * Math.log2(alphabet);
}

/** The Shannon entropy of the secret's own characters, in bits per character. */
function spreadPerCharacter(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}
