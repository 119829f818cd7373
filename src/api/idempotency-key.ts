/**
 * A fresh Idempotency-Key for one booking or payment call: a repeat of that call (a
 * retry after a lost answer) then gets the first answer instead of a second booking.
 * getRandomValues, not randomUUID: the latter exists only on https pages.
 */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
