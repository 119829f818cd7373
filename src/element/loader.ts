// Entry of dist/booking-widget.js, the script a page's tag loads: a few KB that start, at
// once and side by side, the widget's own script and, for each booking element on the
// page, the server's painted copy of its first screen (the same React render a standalone
// page arrives with, demo/server/first-paint.ts). The copy is shown in the element's
// shadow root as soon as it arrives, usually long before the widget's script has run; the
// widget then takes over as on a standalone page (painted-first-screen.ts): taps, choices
// and focus on the copy are carried over, and its first render replaces it in one commit.
// It also carries the first screen's stylesheet, for the copies and the widget alike.
// Built on its own (tsup.config.ts), so that nothing it imports is shared with the widget:
// it waits for no other file.
import { paintFirstScreen, widgetSheet, widgetStarted } from "./paint-first-screen.ts";
import { TAG_NAME } from "./tag-name.ts";

/** The widget's own script, relative to this one (tsup.config.ts fills it in). */
declare const __WIDGET_SCRIPT__: string;

/**
 * How long the widget's own script waits for the painted copies: on a phone's link the
 * two downloads share the bandwidth, and the copy (a few KB, the first thing the visitor
 * sees) would arrive only with the script (~70 KB). Taps on the copy are kept meanwhile.
 */
const PAINT_FIRST_MS = 1000;

const paints = widgetStarted() ? [] : [...document.querySelectorAll(TAG_NAME)].map((element) => paintFirstScreen(element, import.meta.url));
// The widget's stylesheet, made once for the painted copies and for the widget (after the
// copies' requests have left).
if (typeof CSSStyleSheet !== "undefined") widgetSheet();
const widgetScript = () => import(/* @vite-ignore */ new URL(__WIDGET_SCRIPT__, import.meta.url).href);
if (paints.length === 0) void widgetScript();
else {
  let asked = false;
  const ask = () => {
    if (!asked) void widgetScript();
    asked = true;
  };
  void Promise.allSettled(paints).then(ask);
  setTimeout(ask, PAINT_FIRST_MS);
}
