import { randomHex } from "./random-hex.ts";

/**
 * A fresh Idempotency-Key for one booking or payment call: a repeat of that call (a
 * retry after a lost answer) then gets the first answer instead of a second booking.
 */
export function newIdempotencyKey(): string {
  return randomHex(16);
}
