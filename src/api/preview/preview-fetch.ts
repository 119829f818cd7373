import type { answerInPreview } from "./preview-answers.ts";

/**
 * The fetch of a widget with the `preview` attribute (the embed builder's live preview):
 * a GET goes to the API; any other call is answered by preview-answers.ts (in the later
 * chunk, which `answers` loads: never on the first screen), which sends on only the few
 * that read public data. A preview goes through every step but never books, sends a code
 * or holds a time.
 */
export function previewFetch(real: typeof fetch, answers: () => Promise<typeof answerInPreview>): typeof fetch {
  return (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    // A GET reads, except My Page's for the account a preview made up (its token is "preview").
    if (method.toUpperCase() === "GET" && !String(input instanceof Request ? input.url : input).includes("/FetchByToken/preview/"))
      return real(input, init);
    return answers().then((answer) => answer(input, init, real));
  };
}
