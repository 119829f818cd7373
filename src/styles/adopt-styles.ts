// Constructed stylesheets, parsed once per page and adopted by every widget's shadow
// root: no <style> injection (CSP-friendly) and no per-element parsing cost.
import { WIDGET_SHEET } from "./widget-sheet.ts";

const sheets = new Map<string, CSSStyleSheet>();

function sharedSheet(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

const canAdopt = (root: Node): root is ShadowRoot =>
  root instanceof ShadowRoot && "adoptedStyleSheets" in root && typeof CSSStyleSheet !== "undefined";

function adoptSheet(root: ShadowRoot, sheet: CSSStyleSheet): void {
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** Adds the stylesheet made of `css` to `root` once. */
export function adoptStyles(root: Node, css: string): void {
  if (canAdopt(root)) adoptSheet(root, sharedSheet(css));
}

/**
 * Adds the first screen's stylesheet to `root` once: the loader's. Without a loader (the
 * widget's script imported by itself) the stylesheet is fetched as a chunk of its own.
 */
export function adoptWidgetStyles(root: ShadowRoot): void {
  if (!canAdopt(root)) return;
  const given = (globalThis as { [WIDGET_SHEET]?: CSSStyleSheet })[WIDGET_SHEET];
  if (given) adoptSheet(root, given);
  else void import("./widget-css.ts").then(({ widgetCss }) => adoptStyles(root, widgetCss));
}
