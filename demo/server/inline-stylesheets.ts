import { createHash } from "node:crypto";

/** The host page with its small stylesheets written into it, and the CSP source of each. */
export interface InlinedPage {
  html: string;
  /** `'sha256-…'` per inlined `<style>`, for the page's style-src. */
  styleSources: string[];
}

/** Above this a stylesheet stays a file (cached apart); below it, its round trip costs more than its bytes. */
const INLINE_UP_TO_BYTES = 4096;

/**
 * Writes each small same-origin stylesheet the host page links into the page as a `<style>`
 * (with its hash for the CSP): a linked stylesheet holds back the first paint, the
 * painted service list included, by one more round trip (on a phone ~150 ms, after the
 * page). `read` gives a built file's text by its path (`/assets/…`), or null; a link it
 * cannot read, or a larger file, is left as it is.
 */
export function inlineStylesheets(html: string, read: (path: string) => string | null): InlinedPage {
  const styleSources: string[] = [];
  const inlined = html.replace(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"?#]+\.css)">/g, (link, path: string) => {
    const css = read(path);
    if (css === null || Buffer.byteLength(css) > INLINE_UP_TO_BYTES || css.includes("</")) return link;
    styleSources.push(`'sha256-${createHash("sha256").update(css).digest("base64")}'`);
    return `<style>${css}</style>`;
  });
  return { html: inlined, styleSources };
}
