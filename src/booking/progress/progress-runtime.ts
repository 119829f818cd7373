import type { StoreApi } from "zustand/vanilla";
import type { Provider } from "../../contract/schemas/index.ts";
import { now } from "../../time/now.ts";
import type { BookingState } from "../store/booking-store.ts";
import { progressOf, readProgress, restorableStep, saveProgress } from "./booking-progress.ts";

interface ProgressOptions {
  /** The standalone pages: each step is a history entry (embedded: the host's history is left alone). */
  routes: boolean;
  /** A payment's return restores its own booking. */
  resuming: boolean;
  /** Said before a kept step is put back: it is where the visitor was, not a step change. */
  onRestore(step: number): void;
  /** A customer is logged in (the element's session): the login counts as done. */
  loggedIn(): boolean;
}

/** The furthest of `step` the store's own data carries (a logged-in account counts as the login). */
function reachableStep(state: BookingState, step: number, provider: Provider, loggedIn: boolean): number {
  const data = progressOf({ ...state, step: Math.max(step, 2), booked: null });
  if (!data) return 1;
  return Math.min(
    step,
    restorableStep(data, {
      customerCanSelectStaff: provider.customerCanSelectStaff,
      useCustomerAccounts: provider.useCustomerAccounts && !loggedIn,
    }),
  );
}

const shownStep = () => (history.state as { bookingWidgetStep?: unknown } | null)?.bookingWidgetStep;

/**
 * Lazy (not on the first screen): puts a kept booking back, keeps it on every change, and
 * on the standalone pages makes each step a history entry that Back and Forward return to.
 * Answers the function that stops it.
 */
export function startBookingProgress(
  store: StoreApi<BookingState>,
  provider: Provider,
  { routes, resuming, onRestore, loggedIn }: ProgressOptions,
): () => void {
  const options = { customerCanSelectStaff: provider.customerCanSelectStaff, useCustomerAccounts: provider.useCustomerAccounts };
  if (!resuming && !store.getState().prefill.service && store.getState().step === 1) {
    const kept = readProgress(provider.bookingLink, now().getTime());
    const step = kept ? restorableStep(kept, options) : 1;
    if (kept && step > 1) {
      onRestore(step);
      store.getState().restore({ ...kept, step });
    }
  }

  let fromHistory = false;
  const record = (step: number) => {
    if (fromHistory) {
      fromHistory = false;
      history.replaceState({ ...(history.state as object | null), bookingWidgetStep: step }, "");
    } else if (shownStep() !== step) {
      history.pushState({ bookingWidgetStep: step }, "");
    }
  };
  const onPopState = (event: PopStateEvent) => {
    const wanted = (event.state as { bookingWidgetStep?: unknown } | null)?.bookingWidgetStep;
    const state = store.getState();
    if (typeof wanted !== "number" || state.booked) return;
    const step = reachableStep(state, wanted, provider, loggedIn());
    if (step === state.step) return record(step);
    fromHistory = true;
    state.goToStep(step);
  };
  if (routes) {
    // The page's entry is the first step; the step shown now (2 when started by leaving it) follows it.
    if (shownStep() === undefined) history.replaceState({ ...(history.state as object | null), bookingWidgetStep: 1 }, "");
    record(store.getState().step);
    addEventListener("popstate", onPopState);
  }
  const unsubscribe = store.subscribe((state, previous) => {
    saveProgress(provider.bookingLink, progressOf(state), now().getTime());
    if (routes && state.step !== previous.step) record(state.step);
  });
  saveProgress(provider.bookingLink, progressOf(store.getState()), now().getTime());
  return () => {
    unsubscribe();
    removeEventListener("popstate", onPopState);
  };
}
