import {
  BrowserClient,
  Scope,
  captureException,
  dedupeIntegration,
  defaultStackParser,
  init,
  linkedErrorsIntegration,
  makeFetchTransport,
  withScope,
  getClient,
  getCurrentScope,
} from "@sentry/browser";
import type { Breadcrumb, Event } from "@sentry/browser";
import { personalValues } from "./personal-values.ts";
import { scrubBreadcrumb, scrubEnvelopeUrls, scrubEvent } from "./scrub.ts";

/** Spec §9: replay of 10 % of sessions, and of every session with an error. */
export const REPLAY_SESSION_SAMPLE_RATE = 0.1;
export const REPLAY_ON_ERROR_SAMPLE_RATE = 1.0;

export interface SentrySinkOptions {
  dsn: string;
  company: string | undefined;
  /**
   * Our own standalone page: Sentry.init with session replay. Otherwise (a provider's
   * page) an isolated client and scope, no global handler, replay only when `replay`.
   */
  ownPage: boolean;
  replay: boolean;
  /** What the widget holds about its visitor at the moment of sending (customer, account, prefill): scrubbed from anything sent. */
  visitor: () => readonly (object | null | undefined)[];
}

export interface ErrorSink {
  capture(error: unknown, context: string): void;
}

// Replay records the whole page, so a page has one; a second widget does not start another.
let replayStarted = false;
let ownPageStarted = false;

function startReplay(client: Pick<BrowserClient, "addIntegration"> | undefined) {
  if (replayStarted || !client) return;
  replayStarted = true;
  void import("./session-replay.ts").then(({ sessionReplay }) => client.addIntegration(sessionReplay()));
}

/** Sentry's fetch transport with a last pass over each envelope (addresses lose their query). */
const scrubbingTransport: typeof makeFetchTransport = (options) => {
  const transport = makeFetchTransport(options);
  return { ...transport, send: (envelope) => transport.send(scrubEnvelopeUrls(envelope)) };
};

/** Starts error reporting for one widget (lazy chunk: loaded only where a DSN is configured). */
export function startSentrySink({ dsn, company, ownPage, replay: replayWanted, visitor }: SentrySinkOptions): ErrorSink {
  const known = () => personalValues(visitor());
  const common = {
    dsn,
    transport: scrubbingTransport,
    sendDefaultPii: false,
    beforeBreadcrumb: (crumb: Breadcrumb) => scrubBreadcrumb(crumb, known()),
    replaysSessionSampleRate: REPLAY_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAY_ON_ERROR_SAMPLE_RATE,
    initialScope: { tags: { widget: "booking-widget", ...(company ? { company } : {}) } },
  };
  // Every event, errors and replays alike, is scrubbed last, on its way out.
  const scrub = (event: Event) => {
    const clean = scrubEvent(event, known());
    for (const key of Object.keys(event)) if (!(key in clean)) delete (event as Record<string, unknown>)[key];
    Object.assign(event, clean);
  };
  if (ownPage) {
    if (!ownPageStarted) {
      ownPageStarted = true;
      const client = init(common);
      client?.on("postprocessEvent", scrub);
      startReplay(client);
    }
    return {
      capture: (error, context) =>
        withScope((scope) => {
          scope.setTag("context", context);
          if (company) scope.setTag("company", company);
          captureException(error);
        }),
    };
  }
  // A provider's page: Sentry's guidance for shared environments. Nothing global: no
  // Sentry.init, no global handlers or breadcrumbs; only what the widget itself caught.
  const client = new BrowserClient({
    ...common,
    stackParser: defaultStackParser,
    integrations: [dedupeIntegration(), linkedErrorsIntegration()],
  });
  client.on("postprocessEvent", scrub);
  const scope = new Scope();
  scope.setClient(client);
  if (company) scope.setTag("company", company);
  client.init();
  if (replayWanted) {
    // Replay sends through the page's current client: the provider who opted in lends it
    // the page, unless the page runs a Sentry of its own (then replay stays off).
    if (getClient()) console.warn("[booking-widget] sentry-replay: the page runs Sentry of its own; session replay stays off");
    else {
      getCurrentScope().setClient(client);
      startReplay(client);
    }
  }
  return {
    capture: (error, context) => {
      const local = scope.clone();
      local.setTag("context", context);
      local.captureException(error);
    },
  };
}
