import { createContext, useContext } from "react";
import type { ApiClient } from "../api/client.ts";
import type { InnerView } from "./inner-view.ts";
import type { WidgetI18n } from "../i18n/create-i18n.ts";
import type { AttributeWarner, Reporter } from "./errors/report.ts";
import type { EmitWidgetEvent } from "./widget-events.ts";

/**
 * Everything one widget element owns that the kernel knows; nothing here is shared with
 * another element. The features' stores are members too (BookingServices, SessionServices,
 * FeedbackServices), typed where they are read.
 */
export interface WidgetServices {
  api: ApiClient;
  i18n: WidgetI18n;
  report: Reporter;
  /** Attribute values that do not fit: one console warning each. */
  warn: AttributeWarner;
  /** Tells the provider's page what happened (bw-* events on the element). */
  emit: EmitWidgetEvent;
  /** The `lang` attribute, which outranks stored and provider languages. */
  langAttribute: string | undefined;
  /** Where booking pages live (/{bookingLink}), for links and the place chooser. */
  siteBase: string;
  /** Route option "iframe": the page is framed, so the footer is hidden. */
  inIframe: boolean;
  /**
   * Attribute navigation="routes" (the standalone host page): booking and My Page are
   * pages of their own. Otherwise (embedded) the element moves between them itself.
   */
  routes: boolean;
  /** Embedded: the screen moved to inside the element; null: the one its view attribute names. */
  innerView: InnerView | null;
  showView(view: InnerView): void;
  /** The provider's HTML texts as the server cleaned them, by source (the page's data): shown until the widget's own cleaning. */
  sanitizedHtml: ReadonlyMap<string, string>;
}

export const WidgetContext = createContext<WidgetServices | null>(null);

/**
 * The element's services. A feature's own member comes with its own type, named where it
 * is used: `useWidget<FeedbackServices>().feedback` (feedback/feedback-context.ts). The
 * kernel knows none of them; app/WidgetProviders.tsx builds the services with every one.
 */
export function useWidget<Members = unknown>(): WidgetServices & Members {
  const services = useContext(WidgetContext);
  if (!services) throw new Error("useWidget() outside <WidgetProviders>");
  return services as WidgetServices & Members;
}
