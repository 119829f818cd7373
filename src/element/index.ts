// Entry of dist/booking-widget.js: loading the script registers <booking-widget>.
import { readPageIsland } from "../api/preloaded-page.ts";
import { loadFirstScreenCatalog } from "../i18n/create-i18n.ts";
import { toLocale } from "../i18n/locale.ts";
import { defineBookingWidget } from "./define.tsx";

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
declare global {
  interface HTMLElementEventMap extends BookingWidgetEvents {}
}

// A standalone page names its provider in a data island: its language's catalog (hinted
// by the page, so already on its way) is awaited before the element upgrades, so the
// first render is in that language and replaces the painted first screen in one step.
const language = toLocale(readPageIsland()?.provider.language);
const ready = language ? loadFirstScreenCatalog(language).catch(() => undefined) : undefined;
if (ready) void ready.then(() => defineBookingWidget());
else defineBookingWidget();
