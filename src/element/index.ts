// The widget's own script (dist/chunks/element-[hash].js), which the script tag's loader
// (loader.ts, dist/booking-widget.js) imports: running it registers <booking-widget>.
import { readPageIsland } from "../api/preloaded-page.ts";
import { WIDGET_STARTED } from "../app/painted-first-screen.ts";
import { readPaintedPage } from "../app/painted-page.ts";
import { loadFirstScreenCatalog } from "../i18n/create-i18n.ts";
import { DEFAULT_LOCALE, localeForProvider, toLocale, type Locale } from "../i18n/locale.ts";
import { defineBookingWidget } from "./define.tsx";
import { TAG_NAME } from "./tag-name.ts";

export { defineBookingWidget, TAG_NAME } from "./define.tsx";
export type { WidgetRootProps as BookingWidgetAttributes } from "../app/WidgetRoot.tsx";
export type {
  WidgetEventMap,
  WidgetEventName,
  ReadyDetail,
  StepChangeDetail,
  BookingConfirmedDetail,
  BookingFailedDetail,
  BookingFailureReason,
  AppointmentMovedDetail,
  AppointmentCancelledDetail,
  WidgetErrorDetail,
} from "../kernel/widget-events.ts";
import type { WidgetEventMap } from "../kernel/widget-events.ts";

/** `element.addEventListener("bw-booking-confirmed", (event) => event.detail.start)` is typed. */
export type BookingWidgetEvents = { [K in keyof WidgetEventMap]: CustomEvent<WidgetEventMap[K]> };
/** The element: `document.querySelector("booking-widget")` and `createElement("booking-widget")` are typed as it. */
export type BookingWidgetElement = HTMLElement;
declare global {
  interface HTMLElementEventMap extends BookingWidgetEvents {}
  interface HTMLElementTagNameMap {
    "booking-widget": BookingWidgetElement;
  }
}

// From now on a paint answer the loader receives is not shown: the widget renders itself.
(globalThis as { [WIDGET_STARTED]?: boolean })[WIDGET_STARTED] = true;

// A standalone page names its provider in a data island, and the loader leaves each
// element it painted the page data it painted from: those languages' catalogs (hinted by
// the page, or small) are awaited before the elements upgrade, so the first render is in
// the painted copy's language and replaces it in one step.
const languages = new Set<Locale | undefined>([toLocale(readPageIsland()?.provider.language)]);
for (const element of globalThis.document?.querySelectorAll(TAG_NAME) ?? []) {
  const painted = readPaintedPage(element);
  if (painted) languages.add(localeForProvider(element.getAttribute("lang") ?? undefined, painted.provider.language, DEFAULT_LOCALE));
}
const catalogs = [...languages].filter((language): language is Locale => language !== undefined && language !== DEFAULT_LOCALE);
if (catalogs.length > 0)
  void Promise.all(catalogs.map((language) => loadFirstScreenCatalog(language).catch(() => undefined))).then(() => defineBookingWidget());
else defineBookingWidget();
