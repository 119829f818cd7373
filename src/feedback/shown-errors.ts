import type { FeedbackState } from "./feedback-store.ts";

type Shown = Pick<FeedbackState, "dialogs" | "snackbars">;

/**
 * The codes of the error dialogs and snackbars that `next` shows and `previous` did not
 * (for bw-error). An error without a code of its own is "error".
 */
export function shownErrors(previous: Shown, next: Shown): string[] {
  const dialogs = next.dialogs.items.filter((dialog) => dialog.id >= previous.dialogs.nextId && dialog.icon === "error");
  const known = new Set(previous.snackbars.map((snackbar) => snackbar.id));
  const snackbars = next.snackbars.filter((snackbar) => !known.has(snackbar.id) && snackbar.colour === "error");
  return [...dialogs, ...snackbars].map((shown) => shown.code ?? "error");
}
