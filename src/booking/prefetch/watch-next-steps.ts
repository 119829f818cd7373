import { unstable_serialize, type useSWRConfig } from "swr";
import type { ApiClient } from "../../api/client.ts";
import type { Provider, ServiceCategory } from "../../contract/schemas/index.ts";
import { stepKind } from "../steps.ts";
import type { BookingStore } from "../store/booking-store.ts";
import { startCustomFieldsCall, startNextStepCalls } from "./next-step-calls.ts";
import { toZoned } from "../../contract/zoned-time.ts";
import { visitorTimeZone } from "../../time/time-zone-note.ts";
import { servicesKey } from "../../kernel/provider/provider-keys.ts";
import { now } from "../../time/now.ts";
import { countryList } from "../../i18n/countries/country-list.ts";
import type { Locale } from "../../i18n/locale.ts";

type BookingState = ReturnType<BookingStore["getState"]>;

/**
 * The page's own service and staff attributes choose for the visitor, in steps: nothing
 * is started for the choices in between, which nobody tapped.
 */
function prefilling({ prefill, prefillUsed }: BookingState, provider: Provider): boolean {
  const service = prefill.service?.trim();
  const staff = provider.customerCanSelectStaff ? prefill.staff?.trim() : undefined;
  return Boolean((service && prefillUsed.service !== service) || (staff && prefillUsed.staff !== staff));
}

/**
 * While the visitor is on the service or staff step, each choice of services or of a
 * staff member starts what the next steps will show (next-step-calls.ts), and the first
 * the provider's custom fields; the opening day
 * is the first chosen service's first available one, as the time step takes it from the
 * services in the element's cache. Answers the function that stops watching.
 */
export function watchNextSteps(
  store: BookingStore,
  provider: Provider,
  api: Pick<ApiClient, "quietHttp" | "started">,
  { cache, mutate }: Pick<ReturnType<typeof useSWRConfig>, "cache" | "mutate">,
  locale: Locale,
): () => void {
  let stopped = false;
  // What the next steps make once and keep, made now, each in an idle moment of its own,
  // not in a tap's frame (each is tens of milliseconds on a slow phone): the time step's
  // formatter for the provider's zone (the zone's data) and the visitor's zone, and the
  // information step's country names in the widget's language. A zone the browser does
  // not know is told where the time step shows it, not here.
  eachIdle([() => toZoned(now(), provider.timeZone), visitorTimeZone, () => countryList(locale)], () => stopped);
  let customFieldsStarted = false;
  const start = (state: BookingState) => {
    const kind = stepKind(state.step, provider.customerCanSelectStaff);
    if ((kind !== "service" && kind !== "staff") || state.selectedServices.length === 0 || prefilling(state, provider)) return;
    if (!customFieldsStarted) {
      customFieldsStarted = true;
      startCustomFieldsCall(api, mutate, provider.userId);
    }
    const categories = cache.get(unstable_serialize(servicesKey(provider.userId)))?.data as ServiceCategory[] | undefined;
    const first = state.selectedServices[0]?.serviceId;
    startNextStepCalls(api, mutate, {
      provider,
      serviceBookings: state.selectedServices,
      staffMemberId: state.selectedStaffId,
      firstAvailable: categories?.flatMap((category) => category.services).find((service) => service.id === first)?.firstAvailable,
    });
  };
  start(store.getState());
  // Choices only: the page's attributes marked used is no tap (the staff attribute's member comes next).
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.selectedServices !== previous.selectedServices || state.selectedStaffId !== previous.selectedStaffId)
      afterPaint(() => stopped || start(store.getState()));
  });
  return () => {
    stopped = true;
    unsubscribe();
  };
}

/**
 * Once the frame the tap changed is painted: making the requests costs a slow phone tens
 * of milliseconds, which the tap's own answer on screen does not wait for.
 */
function afterPaint(work: () => void): void {
  const later = () => setTimeout(work, 0);
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(later);
  else later();
}

/** Runs `work` one by one, each in an idle moment of its own (a task apiece), until `stopped`; a failure is left to where its result shows. */
function eachIdle(work: readonly (() => unknown)[], stopped: () => boolean): void {
  const idle = globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  const next = (index: number) => {
    if (index >= work.length || stopped()) return;
    idle(() => {
      try {
        work[index]!();
      } catch {}
      next(index + 1);
    });
  };
  next(0);
}
