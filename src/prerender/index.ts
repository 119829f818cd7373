/**
 * What a server needs to paint the widget's first screen before its script has run
 * (`booking-widget/prerender`, Node): the same React tree the element renders, from the
 * booking page's data (the contract's PreloadedPage), as HTML — for a standalone page (a
 * declarative shadow root) or for the loader of a provider's page (the painted copy) —
 * and the CSP source its one <style> needs. The reference host page (demo/server/site.ts)
 * is its user; it loads this beside its start, as React's server renderer is large.
 */
export { firstPaint, type FirstPaintOptions, type PaintedAttributes, type PaintedCopy, paintedCopy } from "./first-paint.ts";
export { FIRST_PAINT_CSS, FIRST_PAINT_STYLE_SOURCE } from "./first-paint-style.ts";
