import { readPreloadedPage, type PreloadedPage } from "../api/preloaded-page.ts";
import { createSessionStore } from "../account/session-store.ts";
import { createBookingStore } from "../booking/store/booking-store.ts";
import type { HoldServices } from "../booking/hold/slot-hold.ts";
import { followSession } from "../booking/store/follow-session.ts";
import type { PrefillAttributes } from "../booking/store/prefill-attributes.ts";
import { createFeedbackStore } from "../feedback/feedback-store.ts";
import { shownErrors } from "../feedback/shown-errors.ts";
import { createWidgetI18n } from "../i18n/create-i18n.ts";
import { initialLocale, localeForProvider } from "../i18n/locale.ts";
import { readStoredLanguage } from "../i18n/locale-storage.ts";
import type { Reporter } from "../kernel/errors/report.ts";
import { readRememberedPage, readRememberedProvider } from "../kernel/provider/remembered-page.ts";
import { providerKey, servicesKey } from "../kernel/provider/provider-keys.ts";
import { createApiClient, type ApiClient } from "../api/client.ts";
import { createStartedCalls } from "../api/started-calls.ts";
import { startFirstScreen } from "./start-first-screen.ts";
import { createWidgetEvents } from "../kernel/widget-events.ts";
import { knowProviderDay } from "../time/provider-today.ts";

/** What one element starts from: its attributes as the adapter read them, and what it was given. */
export interface WidgetStart {
  company: string | undefined;
  apiBase: string;
  /** The `lang` attribute: it outranks the stored and the provider's language. */
  lang: string | undefined;
  /** The server's first paint (src/prerender/first-paint.ts): the page's data, given directly. */
  given?: PreloadedPage | undefined;
  /** The page's data an embed loader painted the element from. */
  painted?: PreloadedPage | undefined;
  prefill: PrefillAttributes;
  /** A node inside the element, for the bw-* events (dispatched on the element itself). */
  eventNode?: (() => Node | null | undefined) | undefined;
  /** The element's reporter at the moment of a failure (it follows the company and sentry attributes). */
  report: () => Reporter;
}

/**
 * One element's own state, made once, without React: its booking, session and feedback
 * stores, its events, its i18n, and the page's data from its one source, in this order:
 * what the server gave, what the loader painted, the page's data island (standalone
 * page), what an earlier visit to this booking link saw (a provider's own site); each
 * only when it is the page of this company.
 * app/WidgetProviders.tsx is the React adapter: it makes it, asks it for the API client
 * of the element's api-base, adds what follows the attributes (the reporter), and hands
 * it to the features as the element's services. Nothing in it is shared with another element.
 */
export function createWidget({ company, apiBase, lang, given, painted, prefill, eventNode, report }: WidgetStart) {
  const page =
    given ??
    (painted?.bookingLink === company ? painted : undefined) ??
    readPreloadedPage(company) ??
    (company ? readRememberedPage(apiBase, company) : undefined);
  // The provider's today, as the page's data knew it: the first render needs no zone database.
  knowProviderDay(page?.today);
  const i18n = createWidgetI18n();
  const initial = initialLocale(lang, readStoredLanguage());
  // With the page's provider known, its language is the one to start in: at once when its
  // catalog is on the page, so the first render already shows the services.
  const locale = page ? localeForProvider(lang, page.provider.language, initial) : initial;
  // A catalog that fails to load (offline) leaves the widget in Norwegian, never an
  // unhandled rejection on the host page.
  if (!i18n.activateIfLoaded(locale))
    i18n.setLocale(locale).catch((error: unknown) => report()(error, "could not load the stored language"));
  const store = createBookingStore(prefill);
  const session = createSessionStore();
  const feedback = createFeedbackStore();
  const emit = createWidgetEvents(() => eventNode?.());
  const started = createStartedCalls();
  let api: ApiClient | undefined;
  return {
    /** The calls started ahead of their hooks (the first screen's, the next steps'): the API client takes them from here. */
    started,
    /**
     * The element's API client for the address its api-base names now, made again only when
     * that changes (`fetch`, the tests' way into the reference API, is the first one given).
     * A failure that is no answer its caller handles (unreachable, malformed, a 5xx) goes to
     * the element's reporter of the moment; a 4xx is its caller's to tell.
     */
    apiFor(base: string, fetch?: typeof globalThis.fetch): ApiClient {
      if (api?.base !== base)
        api = createApiClient(
          {
            base,
            fetch,
            onError: (error) => (error.kind !== "http" || (error.status ?? 500) >= 500) && report()(error, "API call failed"),
          },
          started,
        );
      return api;
    },
    store,
    session,
    feedback,
    i18n,
    emit,
    /** The page's data, when any source had it (undefined on a first visit to a provider's site). */
    page,
    /** The element's held time, made by the first step that holds (booking/hold/slot-hold.ts slotHoldOf). */
    hold: {} as HoldServices["hold"],
    /** The provider's HTML texts as the server cleaned them, by source: shown until the widget's own cleaning. */
    sanitizedHtml: new Map(Object.entries(page?.sanitizedHtml ?? {})) as ReadonlyMap<string, string>,
    /**
     * Starts the first screen's calls, all at once, with the element's first API client
     * (unless the server rendered the page: it has their answers), and answers what the
     * element's cache starts with: the page's provider and services under their query keys,
     * so that they show at once and are revalidated. Called once, at the first render.
     */
    firstScreen(api: ApiClient, view: string): [readonly unknown[], unknown][] {
      if (!given && company && (view === "booking" || view === "my-page"))
        startFirstScreen({
          bookingLink: company,
          view,
          known: page?.provider ?? readRememberedProvider(apiBase, company),
          langAttribute: lang,
          api,
          i18n,
        });
      return page
        ? [
            [providerKey(page.bookingLink), page.provider],
            [servicesKey(page.provider.userId), page.services],
          ]
        : [];
    },
    /**
     * While connected: the booking follows the session (a logout starts it over), and every
     * error dialog or snackbar the visitor is shown is a bw-error for the page. Answers the
     * disconnect.
     */
    connect(): () => void {
      const unfollow = followSession(session, store);
      const untell = feedback.subscribe((next, previous) => {
        for (const code of shownErrors(previous, next)) emit("bw-error", { code });
      });
      return () => {
        unfollow();
        untell();
      };
    },
  };
}

export type Widget = ReturnType<typeof createWidget>;

/**
 * Where an element keeps its widget (define.tsx makes one per element): React may throw a
 * first render away and start it again (an attribute set meanwhile), and the second takes
 * the widget the first made, with its state and the calls it started, rather than making
 * another (and asking again). A render after the element was taken out of the page and put
 * back takes it too.
 */
export interface WidgetPlace {
  widget?: Widget;
}
