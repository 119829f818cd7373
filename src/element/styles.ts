import { widgetCss } from "./widget-css.ts";

// One constructed stylesheet, parsed once and adopted by every widget's shadow root:
// no <style> injection (CSP-friendly) and no per-element parsing cost.
let shared: CSSStyleSheet | undefined;

function sharedStyleSheet(): CSSStyleSheet {
  if (!shared) {
    shared = new CSSStyleSheet();
    shared.replaceSync(widgetCss);
  }
  return shared;
}

/** Adds the widget stylesheet to `root` once. */
export function adoptWidgetStyles(root: ShadowRoot): void {
  if (!("adoptedStyleSheets" in root) || typeof CSSStyleSheet === "undefined") return;
  const sheet = sharedStyleSheet();
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
