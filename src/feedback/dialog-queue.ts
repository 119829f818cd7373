import type { DialogType } from "../contract/enumerations.ts";

/** Spec §9: a dialog with the same text as the last one within this window is ignored. */
export const DUPLICATE_WINDOW_MS = 500;
/** Spec §9: a queued dialog becomes active this long after it reaches the head. */
export const ACTIVATION_DELAY_MS = 100;
/** Spec §9: how long a snackbar stays. */
export const SNACKBAR_MS = 4000;

export interface DialogEntry {
  text: string;
  header?: string;
  icon?: "info" | "success" | "error" | "question";
  type: DialogType;
  /** Runs on confirm (OK, the choice's action, Yes); the dialog stays busy until it settles. */
  action?: () => unknown;
  /** Runs on cancel (Cancel, No, Escape). */
  cancelAction?: () => unknown;
  /** The buttons stay disabled this many seconds after the dialog opens. */
  actionButtonDelay?: number;
  /** Keep the dialog open (busy off) after the action instead of closing it. */
  setBusyToFalseAfter?: boolean;
  /** The confirm button's label for types 0 and 1 (translated by the caller; default OK). */
  actionLabel?: string;
  /** An error dialog's stable code for the page's bw-error event (docs/embedding.md "Events"). */
  code?: string;
}

export interface QueuedDialog extends DialogEntry {
  id: number;
}

export interface DialogQueue {
  items: readonly QueuedDialog[];
  /** The last dialog accepted, for the duplicate window. */
  last: { text: string; at: number } | null;
  nextId: number;
}

export const emptyDialogQueue: DialogQueue = { items: [], last: null, nextId: 1 };

/** Adds `entry` at the back, unless the same text was queued less than 500 ms ago. */
export function enqueueDialog(queue: DialogQueue, entry: DialogEntry, now: number): DialogQueue {
  if (queue.last && queue.last.text === entry.text && now - queue.last.at < DUPLICATE_WINDOW_MS) return queue;
  return {
    items: [...queue.items, { ...entry, id: queue.nextId }],
    last: { text: entry.text, at: now },
    nextId: queue.nextId + 1,
  };
}

/** Takes the dialog `id` out of the queue (it was answered). */
export function dismissDialog(queue: DialogQueue, id: number): DialogQueue {
  return { ...queue, items: queue.items.filter((item) => item.id !== id) };
}

/** The dialog on screen: the head of the queue. */
export function headDialog(queue: DialogQueue): QueuedDialog | undefined {
  return queue.items[0];
}
