import { answerInPreview } from "./preview-answers.ts";

/**
 * The fetch of a widget with the `preview` attribute (the embed builder's live preview),
 * in the later chunk: a preview is the embed builder's, never a visitor's first screen. A
 * GET goes to the API (`real`, else the page's fetch); any other call is answered by
 * preview-answers.ts, which sends on only the few that read public data. A preview goes
 * through every step but never books, sends a code or holds a time.
 */
export function previewFetch(input: RequestInfo | URL, init: RequestInit | undefined, real?: typeof fetch): Promise<Response> {
  const send: typeof fetch = real ?? ((input, init) => globalThis.fetch(input, init));
  const method = init?.method ?? (input instanceof Request ? input.method : "GET");
  // A GET reads, except My Page's for the account a preview made up (its token is "preview").
  if (method.toUpperCase() === "GET" && !String(input instanceof Request ? input.url : input).includes("/FetchByToken/preview/"))
    return send(input, init);
  return answerInPreview(input, init, send);
}
