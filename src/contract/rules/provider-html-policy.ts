/**
 * How provider-written HTML (informationBoxText, cancellationBoxText) is cleaned: one
 * DOMPurify configuration for the widget (src/ui/SanitizedHtml.tsx, in the browser) and
 * the server that paints the first screen (demo/server/provider-html.ts, with jsdom's
 * window), so that the painted copy shows what the widget will. Links may open in a new
 * tab; no style element or attribute (a page's strict style-src would refuse them with a
 * violation), no form or input.
 */
export const PROVIDER_HTML_POLICY: { ADD_ATTR: string[]; FORBID_TAGS: string[]; FORBID_ATTR: string[] } = {
  ADD_ATTR: ["target"],
  FORBID_TAGS: ["style", "form", "input"],
  FORBID_ATTR: ["style"],
};
