import type { EmbedOptions } from "./embed-options.ts";

/**
 * The Content-Security-Policy sources a provider's site needs for the snippet, by
 * directive (docs/embedding.md). The widget needs no style-src (constructed stylesheets);
 * error reports go to the ingest origin when reporting is on and a DSN is built in. (A
 * policy with a trusted-types directive also lists booking-widget: the builder says so.)
 */
export function cspLines(options: EmbedOptions, origin: string, sentryOrigin: string | null): string[] {
  if (options.variant === "iframe") return [`script-src ${origin}`, `frame-src ${origin}`];
  const connect = [origin, ...(options.errorReporting && sentryOrigin ? [sentryOrigin] : [])];
  return [`script-src ${origin}`, `connect-src ${connect.join(" ")}`];
}
