import { type LoadLater, loadLater } from "../../kernel/later/later-door.ts";
import { useEffect } from "react";
import { useSWRConfig } from "swr";
import type { Provider } from "../../contract/schemas/index.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { useBookingStoreApi } from "../store/booking-store-context.ts";
import type { Locale } from "../../i18n/locale.ts";

/** The visitor asked their browser to save data (Save-Data): no code is fetched before it is needed. */
const savingData = () => (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection?.saveData === true;

/** The next steps' prefetch, from the later chunk (app/later-screens.ts checks it has it). */
export interface PrefetchLater {
  watchNextSteps: typeof import("./watch-next-steps.ts").watchNextSteps;
}

/**
 * No wait on the path of a tap (issue 31). The later screens' code and messages are
 * fetched once the first screen is idle (not on Save-Data), or at the first choice of a
 * service; from then
 * on it starts, at each tap on a service or a staff member, what the next steps will show
 * (prefetch/watch-next-steps.ts). The first screen carries only this.
 */
export function usePrefetchNextSteps(provider: Provider) {
  const { api, i18n } = useWidget();
  const { cache, mutate } = useSWRConfig();
  const store = useBookingStoreApi();
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    // The later screens' messages come beside their code, not after it.
    const watch = () => {
      i18n.loadLaterMessages().catch(() => undefined);
      return (loadLater as LoadLater<PrefetchLater>)().then(
        ({ watchNextSteps }) => {
          if (live) stop ??= watchNextSteps(store, provider, api, { cache, mutate }, i18n.i18n.locale as Locale);
        },
        // The step loads the code itself, and says so when it cannot.
        () => undefined,
      );
    };
    // Idle: a tap never waits for the code. (A widget gone by then watches nothing: `live`.)
    if (!savingData()) (globalThis.requestIdleCallback ?? setTimeout)(() => void watch());
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.selectedServices !== previous.selectedServices) void watch();
    });
    return () => {
      live = false;
      unsubscribe();
      stop?.();
    };
  }, [store, provider, api, i18n, cache, mutate]);
}
