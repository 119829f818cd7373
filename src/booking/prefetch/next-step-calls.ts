import type { ScopedMutator } from "swr";
import type { ApiClient } from "../../api/client.ts";
import { createBookingCalls } from "../../api/booking-calls.ts";
import type { Provider, ServiceBookingSelection } from "../../contract/schemas/index.ts";
import { providerToday } from "../../time/provider-today.ts";
import { customFieldsKey } from "../information/custom-fields-key.ts";
import { staffKey } from "../staff/staff-key.ts";
import { defaultDate, monthOf } from "../../calendar/calendar-model.ts";
import { dayHoursKey, type HoursQuery, hoursRequest, monthHoursKey } from "../../calendar/hours-keys.ts";

/** What the visitor has tapped so far: the next steps' calls follow from it. */
export interface NextStepChoice {
  provider: Provider;
  serviceBookings: ServiceBookingSelection[];
  /** The staff member tapped; null: any (or the page lets nobody choose). */
  staffMemberId: number | null;
  /** The first chosen service's first available day: the day the time step opens on. */
  firstAvailable: string | null | undefined;
}

/**
 * Starts, the moment a service or a staff member is tapped, the calls the next steps
 * will make: the staff who offer the selection (when the page lets the visitor choose,
 * and nobody is chosen yet), and the hours of the day the time step opens on and of its
 * month, for the staff member chosen or any. Each is started under the key its step
 * takes it by (api/started-calls.ts) and its answer put in the element's SWR cache, so
 * the step renders from memory; a step that opens once the answer is in asks again
 * beside it, so a time taken meanwhile goes away when that answer comes. Exactly the step's own query: a different choice makes
 * different keys, and its step asks for itself. A failed prefetch costs nothing: the
 * step asks again.
 */
type Api = Pick<ApiClient, "quietHttp" | "started">;

/** Starts `call` under its query's key and puts its answer in the element's cache under the same key, unless the step has its own by then. */
function early<T>(api: Api, mutate: ScopedMutator, key: readonly unknown[], call: () => Promise<T>): void {
  api.started.start(key, call, { untilAnswered: true }).then(
    (answer) => void mutate(key, (current: T | undefined) => current ?? answer, { revalidate: false }),
    () => undefined,
  );
}

/**
 * The provider's custom fields, which the information step shows after the time: started
 * once, at the first choice of a service, so that tapping a time waits only for the
 * hold (which runs beside it).
 */
export function startCustomFieldsCall(api: Api, mutate: ScopedMutator, userId: number): void {
  early(api, mutate, customFieldsKey(userId), () => createBookingCalls(api.quietHttp).customFields(userId));
}

export function startNextStepCalls(api: Api, mutate: ScopedMutator, choice: NextStepChoice): void {
  const { provider, serviceBookings, staffMemberId, firstAvailable } = choice;
  if (serviceBookings.length === 0) return;
  const booking = createBookingCalls(api.quietHttp);
  if (provider.customerCanSelectStaff && staffMemberId === null) {
    const key = staffKey(provider.userId, serviceBookings);
    early(api, mutate, key, () => booking.staff(provider.userId, serviceBookings));
  }
  const query: HoursQuery = { provider, serviceBookings, staffMemberId };
  const date = defaultDate(firstAvailable, providerToday(provider.timeZone));
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const dayKey = dayHoursKey(query, date);
  early(api, mutate, dayKey, () => booking.availableHours(hoursRequest(query, year, month, day)));
  const monthKey = monthHoursKey(query, monthOf(date));
  early(api, mutate, monthKey, () => booking.availableHoursMonth(hoursRequest(query, year, month, 1)));
}
