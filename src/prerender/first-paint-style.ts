import { createHash } from "node:crypto";
import { PAINTED_CSS } from "../app/painted-first-screen.ts";
import { dialogCss } from "../styles/dialog-css.ts";
import { widgetCss } from "../styles/widget-css.ts";

/**
 * The painted shadow root's one <style> (first-paint.ts): the widget's stylesheet, the
 * wrapper's rules, and the dialogs' (a painted row with extras opens its dialog).
 */
export const FIRST_PAINT_CSS = widgetCss + PAINTED_CSS + dialogCss;

/** The CSP source that lets that <style> apply (style-src). */
export const FIRST_PAINT_STYLE_SOURCE = `'sha256-${createHash("sha256").update(FIRST_PAINT_CSS).digest("base64")}'`;
