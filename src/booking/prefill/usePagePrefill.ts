import { type LoadLater, loadLater } from "../../kernel/later/later-door.ts";
import { useEffect } from "react";
import type { Provider } from "../../contract/schemas/index.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { useBookingStore, useBookingStoreApi } from "../store/booking-store-context.ts";
import { useServices } from "../../kernel/provider/useServices.ts";

/** The pre-selection, from the later chunk (app/later-screens.ts checks it has it). */
export interface PrefillLater {
  preselectOnLoad: typeof import("./preselect-on-load.ts").preselectOnLoad;
}

/**
 * The service and staff attributes, once the services are known: the checks load only
 * on pages that set them (preselect-on-load.ts, in the later chunk), and each value is
 * acted on once.
 */
export function usePagePrefill(provider: Provider) {
  const widget = useWidget();
  const store = useBookingStoreApi();
  const { service, staff } = useBookingStore((state) => state.prefill);
  const used = useBookingStore((state) => state.prefillUsed.service);
  const { data: categories } = useServices(provider.userId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a used pre-selection runs again when the page sets it anew
  useEffect(() => {
    if (!(service || staff) || !categories) return;
    let current = true;
    // From the later chunk: a pre-selection goes on to the later steps, which need it anyway.
    (loadLater as LoadLater<PrefillLater>)().then(
      ({ preselectOnLoad }) => current && preselectOnLoad({ store, warn: widget.warn }, provider, categories),
      (error: unknown) => widget.report(error, "could not load the pre-selection"),
    );
    return () => {
      current = false;
    };
  }, [service, staff, used, categories, provider, widget, store]);
}
