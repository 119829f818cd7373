import { createStore } from "zustand/vanilla";
import { dismissDialog, emptyDialogQueue, enqueueDialog, type DialogEntry, type DialogQueue } from "./dialog-queue.ts";

/** Snackbar colours of spec §8: neutral, green for success, red for error. */
export type SnackbarColour = "neutral" | "success" | "error";

export interface Snackbar {
  id: number;
  message: string;
  colour: SnackbarColour;
  loading?: boolean;
  /** An error's stable code for the page's bw-error event (docs/embedding.md "Events"). */
  code?: string;
}

export interface FeedbackState {
  dialogs: DialogQueue;
  snackbars: readonly Snackbar[];
  showDialog(entry: DialogEntry): void;
  closeDialog(id: number): void;
  showSnackbar(message: string, colour?: SnackbarColour, options?: { loading?: boolean; code?: string }): void;
  closeSnackbar(id: number): void;
}

/** One per widget element: its dialog queue and its snackbars. */
// Durations on the monotonic clock: the wall clock can jump (and tests pin it).
export function createFeedbackStore(now: () => number = () => performance.now()) {
  let nextSnackbar = 1;
  return createStore<FeedbackState>()((set) => ({
    dialogs: emptyDialogQueue,
    snackbars: [],
    showDialog: (entry) => set((state) => ({ dialogs: enqueueDialog(state.dialogs, entry, now()) })),
    closeDialog: (id) => set((state) => ({ dialogs: dismissDialog(state.dialogs, id) })),
    // The same message again (a second wrong code) replaces the one shown: it is said and
    // timed anew, and never stacks up as copies.
    showSnackbar: (message, colour = "neutral", { loading = false, code } = {}) =>
      set((state) => ({
        snackbars: [
          ...state.snackbars.filter((shown) => shown.message !== message),
          { id: nextSnackbar++, message, colour, loading, ...(code ? { code } : {}) },
        ],
      })),
    closeSnackbar: (id) => set((state) => ({ snackbars: state.snackbars.filter((snackbar) => snackbar.id !== id) })),
  }));
}

export type FeedbackStore = ReturnType<typeof createFeedbackStore>;
