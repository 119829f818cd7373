import type { WidgetEventName } from "./embed-options.ts";

/** What each event's detail offers an analytics call (docs/embedding.md "Events"). */
const EXAMPLE_LINES: Record<WidgetEventName, string> = {
  "bw-ready": 'analytics.track("booking widget shown", { language: event.detail.language });',
  "bw-step-change": 'analytics.track("booking step", { step: event.detail.step, name: event.detail.name });',
  "bw-booking-confirmed":
    'analytics.track("booking", { services: event.detail.services.map((s) => s.title), value: event.detail.totalPrice, currency: event.detail.currency });',
  "bw-booking-failed": 'analytics.track("booking failed", { reason: event.detail.reason });',
  "bw-appointment-moved": 'analytics.track("appointment moved", { start: event.detail.start });',
  "bw-appointment-cancelled": 'analytics.track("appointment cancelled", { start: event.detail.start });',
  "bw-error": 'analytics.track("booking widget error", { code: event.detail.code });',
};

/** A listener per ticked event, in a script file of the page's own (a strict CSP refuses inline scripts). */
export function eventsExample(events: readonly WidgetEventName[]): string {
  if (events.length === 0) return "// Tick the events your page should hear.";
  const listeners = events.map((name) => `widget.addEventListener("${name}", (event) => {\n  ${EXAMPLE_LINES[name]}\n});`);
  return ['const widget = document.querySelector("booking-widget");', ...listeners].join("\n");
}
