import type { OwnOrigins } from "../../site-url.ts";

/**
 * Whether a change's Origin header names this site (the back office's CSRF check, with
 * its token): PUBLIC_URL's origin when set; else one the server listens on (`own`);
 * in-process (neither), the request's own origin. A missing or "null" Origin is never
 * ours: every browser sends Origin on a cross-origin or non-GET fetch, and the back office
 * only ever calls with fetch.
 */
export function isOwnOrigin(origin: string | undefined, requestUrl: string, publicUrl: string | undefined, own?: OwnOrigins): boolean {
  if (!origin || origin === "null") return false;
  if (publicUrl) return origin === new URL(publicUrl).origin;
  if (own) return own.has(origin);
  return origin === new URL(requestUrl).origin;
}

/** A body declared as JSON: a cross-site form or a CORS-simple fetch cannot send it without a preflight. */
export function isJsonContentType(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType?.trim() ?? "");
}
