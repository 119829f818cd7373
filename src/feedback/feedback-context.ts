import { useStore } from "zustand";
import { useWidget } from "../kernel/widget-context.ts";
import type { FeedbackState, FeedbackStore } from "./feedback-store.ts";

/**
 * The element's dialogs and snackbars travel with its services (app/WidgetProviders creates
 * the store), as the booking store and the session do: the kernel knows nothing of them.
 * Read as `useWidget<FeedbackServices>().feedback`.
 */
export interface FeedbackServices {
  /** The element's dialog queue and snackbars (feedback-store.ts). */
  feedback: FeedbackStore;
}

/** A part of the feedback state; the component renders again when it changes. */
export function useFeedback<T>(selector: (state: FeedbackState) => T): T {
  return useStore(useWidget<FeedbackServices>().feedback, selector);
}
