// Entry of dist/booking-widget.js, the script a page's tag loads: a few KB that ask, for
// each booking element on the page, for the server's painted copy of its first screen
// (the same React render a standalone page arrives with, src/prerender/first-paint.ts), then
// the widget's own script (start-loader.ts). The copy is shown in the element's shadow
// root as soon as it arrives, usually long before the widget's script has run; the widget
// then takes over as on a standalone page (painted-first-screen.ts): taps, choices and
// focus on the copy are carried over, and its first render replaces it in one commit.
// It also carries the first screen's stylesheet, for the copies and the widget alike.
// Built on its own (tsup.config.ts), so that nothing it imports is shared with the widget:
// it waits for no other file.
import { widgetSheet } from "./paint-first-screen.ts";
import { startLoader } from "./start-loader.ts";

/** The widget's own script, relative to this one (tsup.config.ts fills it in). */
declare const __WIDGET_SCRIPT__: string;

startLoader({
  document,
  scriptUrl: import.meta.url,
  importWidget: () => void import(/* @vite-ignore */ new URL(__WIDGET_SCRIPT__, import.meta.url).href),
});
// The widget's stylesheet, made once for the painted copies and for the widget (after the
// copies' requests have left).
if (typeof CSSStyleSheet !== "undefined") widgetSheet();
