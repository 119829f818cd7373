/**
 * The browser's half of a painted standalone page (`booking-widget/prerender/browser`):
 * a host page whose server painted the first screen (index.ts `firstPaint`) calls
 * `notePaintedActions` on the element before loading the widget's script, so that what the
 * visitor does to the painted copy meanwhile is done again once the widget has taken over.
 */
export { notePaintedActions } from "../app/painted-first-screen.ts";
