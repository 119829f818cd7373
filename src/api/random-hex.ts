/**
 * `bytes` random bytes as hex digits: the widget's idempotency keys and hold tokens.
 * getRandomValues, not randomUUID: the latter exists only on https pages.
 */
export function randomHex(bytes: number): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
