import { paintAddress, paintFirstScreen, widgetStarted } from "./paint-first-screen.ts";
import { TAG_NAME } from "./tag-name.ts";

/**
 * How long the widget's own script waits for the painted copies: on a phone's link the
 * two downloads share the bandwidth, and the copy (a few KB, the first thing the visitor
 * sees) would arrive only with the script (~70 KB). Taps on the copy are kept meanwhile.
 */
export const PAINT_FIRST_MS = 1000;

export interface LoaderParts {
  document: Document;
  /** The loader's own address: the painted copies are asked of its server. */
  scriptUrl: string;
  /** Starts the widget's own script. */
  importWidget: () => void;
  paint?: (element: Element, scriptUrl: string) => Promise<boolean>;
  waitMs?: number;
}

/**
 * What the script tag's loader does: asks for the painted copy of each booking element
 * and then starts the widget's own script.
 *
 * The snippet's script is `async`, so the loader may run while the page is still being
 * parsed (its tag in the head, or before the element): the elements there now are asked
 * for at once, and each later one the moment the parser adds it, until the page is
 * parsed. The widget's script is started once the copies asked for by then have arrived
 * (or failed), at the latest `waitMs` after the loader ran; at once when there is nothing
 * to paint: an element the widget renders by itself (My Page, a pre-selection), a page
 * parsed without any copy to ask for, or a widget already running.
 */
export function startLoader({ document, scriptUrl, importWidget, paint = paintFirstScreen, waitMs = PAINT_FIRST_MS }: LoaderParts): void {
  let asked = false;
  const ask = () => {
    if (!asked) importWidget();
    asked = true;
  };
  if (widgetStarted()) {
    ask();
    return;
  }

  const paints: Promise<boolean>[] = [];
  const seen = new WeakSet<Element>();
  const scan = () => {
    for (const element of document.querySelectorAll(TAG_NAME)) {
      if (seen.has(element)) continue;
      seen.add(element);
      if (paintAddress(element, scriptUrl)) paints.push(paint(element, scriptUrl));
      else ask();
    }
  };
  const parsed = () => {
    scan();
    if (paints.length === 0) ask();
    else void Promise.allSettled(paints).then(ask);
  };

  setTimeout(ask, waitMs);
  scan();
  if (document.readyState !== "loading") {
    parsed();
    return;
  }
  const observer = new MutationObserver(scan);
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener(
    "DOMContentLoaded",
    () => {
      observer.disconnect();
      parsed();
    },
    { once: true },
  );
}
