import { useEffect } from "react";
import { useSWRConfig } from "swr";
import type { Provider } from "../../api/schemas/index.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { useServices } from "../service/useServices.ts";
import { stepKind } from "../steps.ts";
import { useBookingStore } from "../store/booking-store-context.ts";

/** The visitor asked their browser to save data (Save-Data): nothing is fetched before it is needed. */
const savingData = () => (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection?.saveData === true;

/**
 * No wait on the path of a tap (issue 31). Once the first screen is idle, the later
 * screens' code is fetched at low priority (not on Save-Data). While the visitor is on
 * the service or staff step, each tap on a service or a staff member starts what the next
 * steps will show (prefetch/next-step-calls.ts, in that code), so the staff list and the
 * first hour list come from memory.
 */
export function usePrefetchNextSteps(provider: Provider) {
  const { api } = useWidget();
  const { mutate } = useSWRConfig();
  const serviceBookings = useBookingStore((state) => state.selectedServices);
  const staffMemberId = useBookingStore((state) => state.selectedStaffId);
  const kind = stepKind(
    useBookingStore((state) => state.step),
    provider.customerCanSelectStaff,
  );
  const { data: categories } = useServices(provider.userId);
  const firstService = serviceBookings[0]?.serviceId;
  const firstAvailable = categories
    ?.flatMap((category) => category.services)
    .find((service) => service.id === firstService)?.firstAvailable;

  useEffect(() => {
    if (savingData()) return;
    const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1500));
    const cancel = globalThis.cancelIdleCallback ?? clearTimeout;
    const handle = idle(() => void import("../../app/later-screens.ts").catch(() => undefined));
    return () => cancel(handle as never);
  }, []);

  useEffect(() => {
    if ((kind !== "service" && kind !== "staff") || serviceBookings.length === 0) return;
    let live = true;
    import("../../app/later-screens.ts").then(
      ({ startNextStepCalls }) => {
        if (live) startNextStepCalls(api, mutate, { provider, serviceBookings, staffMemberId, firstAvailable });
      },
      // The step itself loads the code again, and says so if it cannot.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [kind, serviceBookings, staffMemberId, firstAvailable, provider, api, mutate]);
}
