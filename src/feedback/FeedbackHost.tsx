import { Suspense } from "react";
import { type LaterScreen, lazyScreen } from "../kernel/later/lazy-screen.ts";
import { useFeedback } from "./feedback-context.ts";

// The dialogs and snackbars are drawn from the later chunk (app/later-screens.ts), fetched the first time
// something is queued: most visitors never see one before the services show.
/** What the feedback takes from the later chunk, by name and module (app/later-screens.ts checks the chunk has it). */
export interface FeedbackScreens {
  FeedbackLayer: typeof import("./FeedbackLayer.tsx").default;
}
const FeedbackLayer = (lazyScreen as LaterScreen<FeedbackScreens>)("FeedbackLayer");

/** The element's dialog queue and snackbars, rendered inside its shadow root. */
export function FeedbackHost() {
  const busy = useFeedback((state) => state.dialogs.items.length > 0 || state.snackbars.length > 0);
  return busy ? (
    <Suspense fallback={null}>
      <FeedbackLayer />
    </Suspense>
  ) : null;
}
