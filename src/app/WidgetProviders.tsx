import { I18nProvider } from "@lingui/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { SWRConfig, unstable_serialize } from "swr";
import type { PreloadedPage } from "../api/preloaded-page.ts";
import type { CustomerAccount } from "../contract/schemas/index.ts";
import type { BookingState } from "../booking/store/booking-store.ts";
import type { InnerView } from "../kernel/inner-view.ts";
import { createAttributeWarner, createReporter, type Reporter } from "../kernel/errors/report.ts";
import { lazyErrorSink, reportingDsn } from "../error-reporting/error-reporting.ts";
import type { PrefillAttributes } from "../booking/store/prefill-attributes.ts";
import { createWidget, type WidgetPlace } from "./create-widget.ts";
import { WidgetContext, type WidgetServices } from "../kernel/widget-context.ts";
import type { BookingServices } from "../booking/store/booking-store-context.ts";
import type { HoldServices } from "../booking/hold/slot-hold.ts";
import type { SessionServices } from "../account/session-context.ts";
import type { FeedbackServices } from "../feedback/feedback-context.ts";
import { openLaterDoor } from "../kernel/later/later-door.ts";

// The later chunk is fetched from here, the composition root: the features below load it
// through the kernel's door, never by importing it.
openLaterDoor(() => import("./later-screens.ts"));

export interface WidgetProvidersProps {
  company: string | undefined;
  apiBase: string;
  siteBase: string;
  lang: string | undefined;
  /** The view attribute: booking (the default) and My Page start their provider call at once. */
  view?: string | undefined;
  inIframe: boolean;
  routes: boolean;
  /**
   * The server's first paint (src/prerender/first-paint.ts): the page's data given
   * directly (there is no document to read an island from), and no call is started.
   */
  page?: PreloadedPage | undefined;
  /** The page's data an embed loader painted the element from: known, but revalidated like an island's. */
  painted?: PreloadedPage | undefined;
  /** Where the element keeps its widget, made once per element (define.tsx): see WidgetPlace. */
  place?: WidgetPlace | undefined;
  /** Tests route API calls into the reference API without a network. */
  fetch?: typeof globalThis.fetch;
  /** The sentry-dsn attribute ("" turns error reporting off) and sentry-replay (a provider's opt-in). */
  sentryDsn?: string | undefined;
  sentryReplay?: string | undefined;
  /** The prefill attributes (first-name, email, service …), followed as they change. */
  prefill?: PrefillAttributes;
  /** A node inside the element, for the bw-* events (dispatched on the element itself). */
  eventNode?: () => Node | null | undefined;
  children: ReactNode;
}

const NO_PREFILL: PrefillAttributes = {};

/** What the widget holds about its visitor, for error reports to leave out. */
const visitorDetails = ({ customer, prefill }: BookingState, account: CustomerAccount | null) => [customer, account, prefill];

/**
 * The React adapter of the element's own state (create-widget.ts): makes it once, takes its
 * API client for the api-base attribute, adds what follows the attributes (the reporter,
 * the moved-to screen), starts the first screen's calls, and hands it all to the features
 * as the element's services, with its i18n and an SWR cache of its own.
 */
export function WidgetProviders({
  company,
  apiBase,
  siteBase,
  lang,
  view = "booking",
  inIframe,
  routes,
  fetch,
  page: given,
  painted,
  place,
  prefill = NO_PREFILL,
  sentryDsn,
  sentryReplay,
  eventNode,
  children,
}: WidgetProvidersProps) {
  // The element's own state, made once (create-widget.ts); the reporter it reads on a
  // failure is the latest one (it follows the attributes).
  const latestReport = useRef<Reporter>(undefined);
  const [widget] = useState(() => {
    const make = () => createWidget({ company, apiBase, lang, given, painted, prefill, eventNode, report: () => latestReport.current! });
    if (!place) return make();
    place.widget ??= make();
    return place.widget;
  });
  const { store, session, i18n } = widget;
  useEffect(() => store.getState().setPrefill(prefill), [store, prefill]);
  useEffect(widget.connect, []);
  // The screen moved to inside the element; null: the one its view attribute names.
  const [innerView, showView] = useState<InnerView | null>(null);
  const dsn = reportingDsn(sentryDsn);
  const replay = sentryReplay !== undefined;
  const report = useMemo(() => {
    // Our own standalone page records sessions; a provider's page only when it opts in.
    const sink = dsn
      ? lazyErrorSink(
          { dsn, company, ownPage: routes, replay, visitor: () => visitorDetails(store.getState(), session.getState().account) },
          routes || replay,
        )
      : null;
    return createReporter(company, sink);
  }, [company, dsn, routes, replay, store, session]);
  latestReport.current = report;
  const warn = useMemo(() => createAttributeWarner(company), [company]);
  // The same client while api-base stays (the widget object keeps it).
  const api = widget.apiFor(apiBase, fetch);
  // Every member a feature reads (its own type, named where it is used) is built here.
  const services = useMemo<WidgetServices & BookingServices & HoldServices & SessionServices & FeedbackServices>(
    () => ({ ...widget, api, report, warn, langAttribute: lang, siteBase, inIframe, routes, innerView, showView }),
    [widget, api, report, warn, lang, siteBase, inIframe, routes, innerView],
  );
  // A cache per element: SWR's default cache is module-wide and would leak between widgets.
  const [swrCache] = useState(() => new Map(widget.firstScreen(api, view).map(([key, data]) => [unstable_serialize(key), { data }])));

  return (
    <WidgetContext.Provider value={services}>
      <I18nProvider i18n={i18n.i18n}>
        <SWRConfig
          value={{
            provider: () => swrCache,
            revalidateOnFocus: false,
            shouldRetryOnError: false,
          }}
        >
          {children}
        </SWRConfig>
      </I18nProvider>
    </WidgetContext.Provider>
  );
}
