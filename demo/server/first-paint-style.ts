import { createHash } from "node:crypto";
import { widgetCss } from "../../src/styles/widget-css.ts";

/** The CSP source that lets the painted shadow root's one <style> (first-paint.ts) apply (style-src). */
export const FIRST_PAINT_STYLE_SOURCE = `'sha256-${createHash("sha256").update(widgetCss).digest("base64")}'`;
