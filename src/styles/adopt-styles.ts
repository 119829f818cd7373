import { widgetCss } from "./widget-css.ts";

// Constructed stylesheets, parsed once per page and adopted by every widget's shadow
// root: no <style> injection (CSP-friendly) and no per-element parsing cost.
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

/** Adds the stylesheet made of `css` to `root` once. */
export function adoptStyles(root: Node, css: string): void {
  if (!(root instanceof ShadowRoot) || !("adoptedStyleSheets" in root) || typeof CSSStyleSheet === "undefined") return;
  const sheet = sharedSheet(css);
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** Adds the first screen's stylesheet to `root` once. */
export function adoptWidgetStyles(root: ShadowRoot): void {
  adoptStyles(root, widgetCss);
}
