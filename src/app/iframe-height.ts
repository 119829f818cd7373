/**
 * Iframe mode (options="iframe"): the page inside a provider's iframe tells the parent
 * window its content height on every change, so a ten-line snippet on the parent page
 * sizes the iframe without scrollbars (docs/embedding.md "Iframe mode"). The message carries the
 * height and the company only, so any parent may read it.
 */
export const IFRAME_HEIGHT_MESSAGE = "booking-widget:height";

export interface IframeHeightMessage {
  type: typeof IFRAME_HEIGHT_MESSAGE;
  /** The shape's version: 1. */
  version: 1;
  company: string;
  /** The framed page's content height in CSS pixels. */
  height: number;
}

/**
 * Posts the framed page's height now and on every change of it; returns the stop. The
 * page must not stretch itself to the viewport (the host page drops its min-height in
 * iframe mode), or its height could grow with the iframe but never shrink.
 */
export function postHeightToParent(company: string, target: Window = window.parent): () => void {
  if (target === window) return () => {};
  const page = document.documentElement;
  let last = -1;
  const post = () => {
    const height = Math.ceil(page.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    const message: IframeHeightMessage = { type: IFRAME_HEIGHT_MESSAGE, version: 1, company, height };
    target.postMessage(message, "*");
  };
  const observer = new ResizeObserver(post);
  observer.observe(page);
  post();
  return () => observer.disconnect();
}
