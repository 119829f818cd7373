/**
 * dist/serving-manifest.json (written by write-serving-manifest.ts at the end of the build): the widget entry's static
 * imports, which the host page hints with modulepreload, and the chunk of each
 * language's first-screen catalog, hinted when the page's provider speaks it.
 */
export const SERVING_MANIFEST = "serving-manifest.json";

export interface ServingManifest {
  entry: string;
  /** The entry and every module it imports statically: what the first screen needs. */
  firstScreen: string[];
  /** Modules imported lazily from those. */
  later: string[];
  /** The first-screen catalog chunk per language loaded on demand (Norwegian is in the entry). */
  catalogs: Record<string, string>;
  /** The origin of the Sentry DSN built in (SENTRY_DSN), which the host page's CSP lets the widget reach; absent without one. */
  sentryOrigin?: string;
}

/** The origin a Sentry DSN sends to (https://key@o1.ingest.sentry.io/2 → https://o1.ingest.sentry.io); undefined when there is none or it is not a URL. */
export function sentryOriginOf(dsn: string | undefined): string | undefined {
  if (!dsn?.trim()) return undefined;
  try {
    return new URL(dsn.trim()).origin;
  } catch {
    return undefined;
  }
}
