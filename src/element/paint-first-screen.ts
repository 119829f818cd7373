import { notePaintedActions, PAINTED_CLASS, PAINTED_CSS, PAINTED_PAGE, WIDGET_STARTED } from "../app/painted-first-screen.ts";
import { paintedCopyAddress } from "../contract/painted-copy-address.ts";
import { WIDGET_SHEET } from "../styles/widget-sheet.ts";
import { widgetCss } from "../styles/widget-css.ts";

/** What GET /widget/first-screen/{bookingLink} answers (demo/server/site.ts). */
export interface PaintAnswer {
  html: string;
  page: unknown;
  /** The stylesheet the copy needs beyond the first screen's (its extras dialogs'), when it does. */
  css?: string;
}

/** A constructed stylesheet of `css` (adoptedStyleSheets: no <style>, strict-CSP safe). */
function sheetOf(css: string): CSSStyleSheet {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return sheet;
}

/**
 * The first screen's stylesheet (and the painted wrapper's rules), made once per page and
 * left on the window, where the widget's own script takes it (adopt-styles.ts).
 */
export function widgetSheet(): CSSStyleSheet {
  const shared = globalThis as { [WIDGET_SHEET]?: CSSStyleSheet };
  shared[WIDGET_SHEET] ??= sheetOf(widgetCss + PAINTED_CSS);
  return shared[WIDGET_SHEET];
}

export const widgetStarted = () => (globalThis as { [WIDGET_STARTED]?: boolean })[WIDGET_STARTED] === true;

/**
 * Where to ask for `element`'s painted first screen (paintedCopyAddress), or null when the
 * loader leaves it to the widget: it has a shadow root already (a standalone page's
 * painted copy), or it is no booking view's plain service list.
 */
export function paintAddress(element: Element, scriptUrl: string): URL | null {
  if (element.shadowRoot) return null;
  return paintedCopyAddress((name) => element.getAttribute(name), scriptUrl, element.ownerDocument.baseURI);
}

type TrustedTypesWindow = {
  trustedTypes?: { createPolicy(name: string, rules: { createHTML(html: string): string }): { createHTML(html: string): unknown } };
};
let policy: { createHTML(html: string): unknown } | undefined;

/**
 * Our server's own render, as the page's Trusted Types policy asks for it: through a
 * policy named "booking-widget" (a page that enforces Trusted Types lists that name in
 * its trusted-types directive, or the copy is not shown), plain text where there are none.
 */
function trustedHtml(html: string): unknown {
  const types = (globalThis as TrustedTypesWindow).trustedTypes;
  if (!types) return html;
  policy ??= types.createPolicy("booking-widget", { createHTML: (text) => text });
  return policy.createHTML(html);
}

/**
 * Shows the painted copy in `element`'s shadow root and starts noting what the visitor
 * does to it. Nothing when the widget has started meanwhile, or the element has a shadow
 * root or left the page. A page whose Trusted Types policy refuses the markup throws
 * before the shadow root is made: the element stays as it was, for the widget to render.
 */
export function showPaintedCopy(element: Element, answer: PaintAnswer): boolean {
  if (widgetStarted() || element.shadowRoot || !element.isConnected) return false;
  const template = document.createElement("template");
  template.innerHTML = trustedHtml(`<fieldset class="${PAINTED_CLASS}">${answer.html}</fieldset>`) as string;
  const root = element.attachShadow({ mode: "open" });
  root.adoptedStyleSheets = answer.css ? [widgetSheet(), sheetOf(answer.css)] : [widgetSheet()];
  root.append(template.content);
  (element as Element & { [PAINTED_PAGE]?: unknown })[PAINTED_PAGE] = answer.page;
  notePaintedActions(element);
  return true;
}

/**
 * Asks the server for `element`'s painted first screen and shows it; answers whether it
 * did. No copy (offline, an unknown booking link, a policy that refuses the markup, the
 * widget first): the widget renders as it would without a loader.
 */
export async function paintFirstScreen(element: Element, scriptUrl: string, fetchAnswer = globalThis.fetch): Promise<boolean> {
  const address = paintAddress(element, scriptUrl);
  if (!address) return false;
  try {
    // As the script tag's own request went (CORS, no credentials across origins): on the
    // connection it opened. (credentials: "omit" would take a connection of its own.)
    const response = await fetchAnswer(address, { mode: "cors", credentials: "same-origin" });
    const answer = response.ok ? ((await response.json()) as Partial<PaintAnswer> | null) : null;
    if (typeof answer?.html !== "string") return false;
    return showPaintedCopy(element, answer as PaintAnswer);
  } catch {
    return false;
  }
}
