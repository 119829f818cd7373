import { type LoadLater, loadLater } from "../../kernel/later/later-door.ts";
import { useEffect, useState } from "react";
import type { Provider } from "../../contract/schemas/index.ts";
import { safeStorage } from "../../storage/browser-storage.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { useSessionStore } from "../../account/session-context.ts";
import { useBookingStore, useBookingStoreApi } from "../store/booking-store-context.ts";
import { progressKey } from "./progress-key.ts";

const kept = (bookingLink: string) => {
  try {
    return safeStorage("sessionStorage")?.getItem(progressKey(bookingLink)) != null;
  } catch {
    return false;
  }
};

/** The booking's progress runtime, from the later chunk (app/later-screens.ts checks it has it). */
export interface ProgressLater {
  startBookingProgress: typeof import("./progress-runtime.ts").startBookingProgress;
}

/**
 * A booking in progress survives a reload, and on the standalone pages Back and Forward
 * move between steps (progress-runtime.ts). The first screen holds only this check: the
 * runtime loads when there is a kept booking to put back or the visitor leaves step 1.
 */
export function useBookingProgress(provider: Provider, resuming: boolean, onRestore: (step: number) => void) {
  const { routes, report } = useWidget();
  const store = useBookingStoreApi();
  const session = useSessionStore();
  const left = useBookingStore((state) => state.step > 1);
  const [wanted, setWanted] = useState(() => kept(provider.bookingLink));
  if (left && !wanted) setWanted(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: onRestore (a new function each render) does not restart the runtime
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    let stop: (() => void) | undefined;
    // Through the one later chunk (app/later-screens.ts says why): a chunk of its own would split the first screen.
    (loadLater as LoadLater<ProgressLater>)().then(
      ({ startBookingProgress }) => {
        if (live)
          stop = startBookingProgress(store, provider, {
            routes,
            resuming,
            onRestore,
            loggedIn: () => session.getState().account !== null,
          });
      },
      (error: unknown) => report(error, "could not load the booking progress"),
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [wanted, store, session, provider, routes, resuming, report]);
}
