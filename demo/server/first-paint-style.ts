import { createHash } from "node:crypto";
import { PAINTED_CLASS } from "../../src/app/painted-first-screen.ts";
import { widgetCss } from "../../src/styles/widget-css.ts";

/**
 * The painted copy's wrapper (src/app/painted-first-screen.ts): a fieldset, disabled until
 * the host page listens, that adds no box of its own and keeps its controls looking as
 * the widget's will (only the pointer says "wait").
 */
const PAINTED_CSS =
  `.${PAINTED_CLASS}{display:contents;border:0;margin:0;padding:0;min-width:0}` +
  `.${PAINTED_CLASS}:disabled :is(button,select,input){opacity:1;cursor:progress}`;

/** The painted shadow root's one <style> (first-paint.ts): the widget's stylesheet and the wrapper's rules. */
export const FIRST_PAINT_CSS = widgetCss + PAINTED_CSS;

/** The CSP source that lets that <style> apply (style-src). */
export const FIRST_PAINT_STYLE_SOURCE = `'sha256-${createHash("sha256").update(FIRST_PAINT_CSS).digest("base64")}'`;
