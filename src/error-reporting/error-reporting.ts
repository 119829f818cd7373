import type { ErrorSink, SentrySinkOptions } from "./sentry-sink.ts";

export type { ErrorSink } from "./sentry-sink.ts";

// SENTRY_DSN at build time (tsup's define), for our hosted pages; absent in tests.
declare const __SENTRY_DSN__: string | undefined;
const BUILT_DSN = typeof __SENTRY_DSN__ === "string" ? __SENTRY_DSN__ : "";

/**
 * Where errors are reported (docs/embedding.md "Error reporting"): the sentry-dsn attribute, else the
 * DSN built in; an empty attribute (sentry-dsn="") turns reporting off. Null: no reporting.
 */
export function reportingDsn(attribute: string | undefined, built: string = BUILT_DSN): string | null {
  if (attribute !== undefined) return attribute.trim() || null;
  return built.trim() || null;
}

/**
 * Sentry, loaded only where a DSN is configured and only when needed: at the first error,
 * or once the page is idle when session replay should record from the start.
 */
export function lazyErrorSink(options: SentrySinkOptions, recordFromStart: boolean): ErrorSink {
  let sink: Promise<ErrorSink> | undefined;
  const load = () => (sink ??= import("./sentry-sink.ts").then(({ startSentrySink }) => startSentrySink(options)));
  if (recordFromStart) {
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 2000));
    idle(() => void load().catch(() => undefined));
  }
  return {
    capture: (error, context) =>
      void load().then(
        (loaded) => loaded.capture(error, context),
        () => undefined,
      ),
  };
}
