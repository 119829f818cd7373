import { useLingui } from "@lingui/react";
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { BookingView } from "../booking/BookingView.tsx";
import { Alert } from "../ui/Alert.tsx";
import { Loading } from "../ui/Loading.tsx";
import { FeedbackHost } from "../feedback/FeedbackHost.tsx";
import { ErrorBoundary } from "./ErrorBoundary.tsx";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { shellMessages } from "../kernel/shell-messages.ts";
import { type LaterScreen, lazyScreen } from "../kernel/later/lazy-screen.ts";
import { replacePaintedFirstScreen } from "./painted-first-screen.ts";
import { useIframeHeight } from "./useIframeHeight.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { WidgetProviders } from "./WidgetProviders.tsx";
import type { WidgetPlace } from "./create-widget.ts";
import { loadLater } from "../kernel/later/later-door.ts";
import type { PreloadedPage } from "../api/preloaded-page.ts";

// Only the payment return addresses need it: it stays out of the first screen.
/** The root's own views from the later chunk: the chunk is this room's, so its type is read from it (type only). */
type LaterChunk = typeof import("./later-screens.ts");
const PaymentReturnView = (lazyScreen as LaterScreen<LaterChunk>)("PaymentReturnView");
const ChooserView = (lazyScreen as LaterScreen<LaterChunk>)("ChooserView");
const MyPageView = (lazyScreen as LaterScreen<LaterChunk>)("MyPageView");
const WaitlistOfferView = (lazyScreen as LaterScreen<LaterChunk>)("WaitlistOfferView");

export const WIDGET_VIEWS = ["booking", "my-page", "chooser", "payment-success", "payment-failure", "waitlist-offer"] as const;
export type WidgetView = (typeof WIDGET_VIEWS)[number];

export interface WidgetRootProps {
  /** Booking link (booking, my-page) or company id (chooser). */
  company?: string;
  /** API base address; the element's own origin + /api when absent. */
  apiBase?: string;
  /** Fixes the language (no, en, es) over the stored and the provider's language. */
  lang?: string;
  view?: string;
  /** Route options; "iframe" hides the footer. */
  options?: string;
  /** "routes": booking and My Page link to their own pages (standalone host page). */
  navigation?: string;
  /** Prefill and pre-selection (docs/embedding.md "Prefill and pre-selection"): attributes first-name, last-name, email, phone, service, staff. */
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  service?: string;
  staff?: string;
  /** Error reporting (docs/embedding.md "Error reporting"): a Sentry DSN, or "" for none; sentry-replay opts in to session replay on a provider's page. */
  sentryDsn?: string;
  sentryReplay?: string;
  /** light (the default), dark, or auto (follows the system); the stylesheet reads the attribute itself. */
  theme?: string;
  /** Present (any value, "" too): the embed builder's preview, which never books, sends a code or holds a time (api/preview/). */
  preview?: string;
  /** Default for apiBase, computed from where the element's script was loaded. */
  defaultApiBase?: string;
  fetch?: typeof globalThis.fetch;
  /** The server's first paint: the page's data, rendered without a document or a call. */
  page?: PreloadedPage;
  /** The page's data an embed loader painted the element from (define.tsx passes it on). */
  painted?: PreloadedPage;
  /** Where the element keeps its widget, made once per element (define.tsx): see WidgetPlace. */
  place?: WidgetPlace;
}

/** The React tree behind one <booking-widget>: its own providers, then the routed view. */
export function WidgetRoot(props: WidgetRootProps) {
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => replacePaintedFirstScreen(root.current), []);
  const company = props.company?.trim() || undefined;
  const inIframe = props.options === "iframe";
  useIframeHeight(inIframe, company);
  const apiBase = resolveUrl(props.apiBase?.trim() || props.defaultApiBase || "/api");
  const { firstName, lastName, email, phone, service, staff } = props;
  const preview = props.preview !== undefined;
  const fetch = useMemo(
    () =>
      preview
        ? // The preview's answers come with the later chunk (api/preview/preview-fetch.ts).
          (input: RequestInfo | URL, init?: RequestInit) =>
            loadLater<LaterChunk>().then((later) => later.previewFetch(input, init, props.fetch))
        : props.fetch,
    [preview, props.fetch],
  );
  const prefill = useMemo(
    () => ({ firstName, lastName, email, phone, service, staff }),
    [firstName, lastName, email, phone, service, staff],
  );
  return (
    <WidgetProviders
      company={company}
      apiBase={apiBase}
      siteBase={new URL("/", apiBase).href}
      lang={props.lang}
      view={props.view}
      inIframe={inIframe}
      routes={props.navigation === "routes"}
      {...(fetch ? { fetch } : {})}
      page={props.page}
      painted={props.painted}
      place={props.place}
      prefill={prefill}
      sentryDsn={props.sentryDsn}
      sentryReplay={props.sentryReplay}
      eventNode={() => root.current}
    >
      <div className="bw-root" part="root" ref={root}>
        <ThemeCheck theme={props.theme} />
        <LanguageSwitcher />
        {preview && <PreviewBanner />}
        <Guarded>
          <RoutedView company={company} view={props.view} />
        </Guarded>
        <FeedbackHost />
      </div>
    </WidgetProviders>
  );
}

/** Said at the top of a preview, to the eye and to a screen reader. */
function PreviewBanner() {
  const { _ } = useLingui();
  return (
    <p className="bw-preview" part="preview">
      {_(shellMessages.preview)}
    </p>
  );
}

const THEMES = ["light", "dark", "auto"];

/** The theme attribute is styled by :host([theme]) alone; a value it does not know is said. */
function ThemeCheck({ theme }: { theme: string | undefined }) {
  const { warn } = useWidget();
  useEffect(() => {
    if (theme && !THEMES.includes(theme)) warn([{ attribute: "theme", value: theme, why: "use light, dark or auto" }]);
  }, [theme, warn]);
  return null;
}

function Guarded({ children }: { children: ReactNode }) {
  const { report, emit } = useWidget();
  const { _ } = useLingui();
  const crashed: typeof report = (error, context) => {
    report(error, context);
    emit("bw-error", { code: "crashed" });
  };
  return (
    <ErrorBoundary report={crashed} fallback={<Alert tone="error">{_(shellMessages.crashed)}</Alert>}>
      {children}
    </ErrorBoundary>
  );
}

function RoutedView({ company, view: attribute = "booking" }: { company: string | undefined; view: string | undefined }) {
  const { _ } = useLingui();
  const { report, emit } = useWidget();
  const inner = useWidget().innerView;
  const view = inner ?? attribute;
  const problem = !(WIDGET_VIEWS as readonly string[]).includes(view)
    ? `unknown view "${view}"`
    : !company && !view.startsWith("payment-")
      ? 'the "company" attribute is missing'
      : null;
  useEffect(() => {
    if (!problem) return;
    report(new Error(problem), "bad attribute");
    emit("bw-error", { code: "bad-attribute" });
  }, [problem, report, emit]);

  const loading = <Loading label={_(shellMessages.loading)} />;
  if (view === "payment-success" || view === "payment-failure") {
    return (
      <Suspense fallback={loading}>
        <PaymentReturnView outcome={view === "payment-success" ? "success" : "failure"} />
      </Suspense>
    );
  }
  if (problem || !company) {
    return <Alert tone="error">{_(company ? shellMessages.unknownView : shellMessages.missingCompany)}</Alert>;
  }
  // The place chooser and My Page have screens of their own, outside the booking's first screen.
  return (
    <Suspense fallback={loading}>
      {view === "chooser" ? (
        <ChooserView company={company} />
      ) : view === "my-page" ? (
        <MyPageView bookingLink={company} />
      ) : view === "waitlist-offer" ? (
        <WaitlistOfferView company={company} />
      ) : (
        <BookingView company={company} />
      )}
    </Suspense>
  );
}

function resolveUrl(value: string): string {
  try {
    return new URL(value, globalThis.document?.baseURI).href;
  } catch {
    return new URL("/api", globalThis.location?.href).href;
  }
}
