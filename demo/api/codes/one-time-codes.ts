import { createHash, randomInt } from "node:crypto";
import type { Queryable } from "../db/database.ts";

export type CodePurpose = "verify-booking" | "reset-password";
const LIFETIME_MINUTES = 15;
const MAX_ATTEMPTS = 5;

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** Five digits, as the client's code field expects (spec §5). */
function newCode(): string {
  return String(randomInt(0, 100_000)).padStart(5, "0");
}

/**
 * Issues a code for `recipient`, replacing any live one for the same purpose. The code
 * is unique among the provider's live codes of that purpose, so a code alone (as
 * Appointment/verify sends it) identifies what it vouches for.
 */
export async function issueCode(
  tx: Queryable,
  input: { providerId: number; purpose: CodePurpose; channel: "sms" | "email"; recipient: string; payload?: object },
  now: Date,
): Promise<string> {
  await tx.query(
    "UPDATE one_time_codes SET used_at = $4 WHERE provider_id = $1 AND purpose = $2 AND recipient = $3 AND used_at IS NULL",
    [input.providerId, input.purpose, input.recipient, now],
  );
  for (;;) {
    const code = newCode();
    const clash = await tx.query(
      "SELECT 1 FROM one_time_codes WHERE provider_id = $1 AND purpose = $2 AND code_hash = $3 AND used_at IS NULL AND expires_at > $4",
      [input.providerId, input.purpose, hashCode(code), now],
    );
    if (clash.length > 0) continue;
    await tx.query(
      `INSERT INTO one_time_codes (provider_id, purpose, channel, recipient, code_hash, expires_at, payload)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [input.providerId, input.purpose, input.channel, input.recipient, hashCode(code), new Date(now.getTime() + LIFETIME_MINUTES * 60_000), JSON.stringify(input.payload ?? {})],
    );
    return code;
  }
}

export interface ConsumedCode {
  recipient: string;
  channel: "sms" | "email";
  payload: Record<string, unknown>;
}

/**
 * Uses up a live code and answers what it was issued for, or null when the code is
 * wrong, expired or used. With a recipient, wrong guesses count against that code.
 */
export async function consumeCode(
  tx: Queryable,
  input: { providerId: number; purpose: CodePurpose; code: string; recipient?: string },
  now: Date,
): Promise<ConsumedCode | null> {
  const [match] = await tx.query<ConsumedCode & { id: number }>(
    `UPDATE one_time_codes SET used_at = $6
      WHERE id = (SELECT id FROM one_time_codes
                   WHERE provider_id = $1 AND purpose = $2 AND code_hash = $3 AND used_at IS NULL
                     AND expires_at > $6 AND attempts < $4 AND ($5::text IS NULL OR recipient = $5)
                   ORDER BY id DESC LIMIT 1)
      RETURNING id, recipient, channel, payload`,
    [input.providerId, input.purpose, hashCode(input.code), MAX_ATTEMPTS, input.recipient ?? null, now],
  );
  if (match) return { recipient: match.recipient, channel: match.channel, payload: match.payload };
  if (input.recipient) {
    await tx.query(
      "UPDATE one_time_codes SET attempts = attempts + 1 WHERE provider_id = $1 AND purpose = $2 AND recipient = $3 AND used_at IS NULL",
      [input.providerId, input.purpose, input.recipient],
    );
  }
  return null;
}
