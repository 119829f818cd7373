import { randomInt } from "node:crypto";
import { HTTPException } from "hono/http-exception";
import type { Queryable } from "../db/database.ts";
import { Refusal } from "../http-errors.ts";
import { sameSecret, type ServerKeys } from "../secrets/server-keys.ts";

export type CodePurpose = "verify-booking" | "reset-password" | "my-page-login" | "admin-reset-password";
const LIFETIME_MINUTES = 15;
/** Guesses one code takes before it is used up (a new code must be sent). */
export const MAX_ATTEMPTS = 5;
/** Draws of a code unused among the live ones before giving up (never an endless loop). */
const MAX_DRAWS = 20;

/** Five digits, as the client's code field expects (spec §5). */
function newCode(): string {
  return String(randomInt(0, 100_000)).padStart(5, "0");
}

/** The stored form of a code: a keyed digest, so the table does not reverse to codes. */
const codeDigest = (keys: ServerKeys, providerId: number, purpose: CodePurpose, code: string) =>
  keys.digest(`one-time-code:${providerId}:${purpose}`, code);

/**
 * Issues a code for `recipient`, replacing any live one for the same purpose. The code
 * is unique among the provider's live codes of that purpose, so a code alone (as
 * Appointment/verify may send it) identifies what it vouches for. When MAX_DRAWS draws
 * all clash (the code space is nearly full: the send limits make that an attack), 503.
 */
export async function issueCode(
  tx: Queryable,
  keys: ServerKeys,
  input: { providerId: number; purpose: CodePurpose; channel: "sms" | "email"; recipient: string; payload?: object },
  now: Date,
): Promise<string> {
  await tx.query("UPDATE one_time_codes SET used_at = $4 WHERE provider_id = $1 AND purpose = $2 AND recipient = $3 AND used_at IS NULL", [
    input.providerId,
    input.purpose,
    input.recipient,
    now,
  ]);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const code = newCode();
    const digest = codeDigest(keys, input.providerId, input.purpose, code);
    const clash = await tx.query(
      "SELECT 1 FROM one_time_codes WHERE provider_id = $1 AND purpose = $2 AND code_hash = $3 AND used_at IS NULL AND expires_at > $4",
      [input.providerId, input.purpose, digest, now],
    );
    if (clash.length > 0) continue;
    await tx.query(
      `INSERT INTO one_time_codes (provider_id, purpose, channel, recipient, code_hash, expires_at, payload)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        input.providerId,
        input.purpose,
        input.channel,
        input.recipient,
        digest,
        new Date(now.getTime() + LIFETIME_MINUTES * 60_000),
        JSON.stringify(input.payload ?? {}),
      ],
    );
    return code;
  }
  throw new HTTPException(503, { message: "No verification code can be issued right now. Try again in a few minutes." });
}

export interface ConsumedCode {
  recipient: string;
  channel: "sms" | "email";
  payload: Record<string, unknown>;
}

export type CodeCheck = { kind: "used"; code: ConsumedCode } | { kind: "wrong" } | { kind: "used-up" };

/**
 * Checks a guess at the live code sent to `recipient`. The guess is counted before it
 * is compared, in one statement that only counts while attempts < MAX_ATTEMPTS: so at
 * most MAX_ATTEMPTS guesses are ever compared with one code, however many arrive at
 * once. A right guess uses the code up (once: the update checks used_at).
 */
export async function checkCode(
  db: Queryable,
  keys: ServerKeys,
  input: { providerId: number; purpose: CodePurpose; recipient: string; code: string },
  now: Date,
): Promise<CodeCheck> {
  const [live] = await db.query<{ id: number; codeHash: string; attempts: number }>(
    `UPDATE one_time_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM one_time_codes
                   WHERE provider_id = $1 AND purpose = $2 AND recipient = $3 AND used_at IS NULL AND expires_at > $4
                   ORDER BY id DESC LIMIT 1)
        AND attempts < $5
      RETURNING id, code_hash AS "codeHash", attempts`,
    [input.providerId, input.purpose, input.recipient, now, MAX_ATTEMPTS],
  );
  if (!live) {
    const [spent] = await db.query(
      `SELECT 1 FROM one_time_codes WHERE provider_id = $1 AND purpose = $2 AND recipient = $3 AND used_at IS NULL
          AND expires_at > $4 AND attempts >= $5`,
      [input.providerId, input.purpose, input.recipient, now, MAX_ATTEMPTS],
    );
    return spent ? { kind: "used-up" } : { kind: "wrong" };
  }
  if (!sameSecret(live.codeHash, codeDigest(keys, input.providerId, input.purpose, input.code))) return { kind: "wrong" };
  const [used] = await db.query<ConsumedCode>(
    "UPDATE one_time_codes SET used_at = $2 WHERE id = $1 AND used_at IS NULL RETURNING recipient, channel, payload",
    [live.id, now],
  );
  return used ? { kind: "used", code: used } : { kind: "wrong" };
}

/**
 * Uses up the live code that matches `code` among all of the provider's live codes of
 * that purpose (Appointment/verify with the code alone, spec §7). Guesses are bounded by
 * the caller's counted limits, not per code: the guess names no code.
 */
export async function consumeCodeAlone(
  db: Queryable,
  keys: ServerKeys,
  input: { providerId: number; purpose: CodePurpose; code: string },
  now: Date,
): Promise<ConsumedCode | null> {
  const [match] = await db.query<ConsumedCode>(
    `UPDATE one_time_codes SET used_at = $5
      WHERE id = (SELECT id FROM one_time_codes
                   WHERE provider_id = $1 AND purpose = $2 AND code_hash = $3 AND used_at IS NULL
                     AND expires_at > $5 AND attempts < $4
                   ORDER BY id DESC LIMIT 1)
        AND used_at IS NULL
      RETURNING recipient, channel, payload`,
    [input.providerId, input.purpose, codeDigest(keys, input.providerId, input.purpose, input.code), MAX_ATTEMPTS, now],
  );
  return match ?? null;
}

/** 429 for a code that took MAX_ATTEMPTS wrong guesses: only a new code helps now. */
export const codeUsedUp = () => new Refusal("code-used-up", undefined, 60, "code:wrong-guesses");
