import { useCallback, useRef, useState } from "react";

/**
 * One press at a time: `guarded(work)` runs `work` unless one is already running (a
 * second press, even before the re-render that disables the button, does nothing), and
 * `busy` says so for the buttons. Errors are the work's own to handle.
 */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const guarded = useCallback(async (work: () => Promise<void>): Promise<void> => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, guarded };
}
