import type { ScopedMutator } from "swr";
import type { ApiClient } from "../../api/client.ts";
import { createBookingCalls } from "../../api/booking-calls.ts";
import type { Provider, ServiceBookingSelection } from "../../api/schemas/index.ts";
import { todayIn } from "../../time/zoned-time.ts";
import { staffCallKey, staffKey } from "../staff/staff-key.ts";
import { defaultDate, monthOf } from "../time/calendar-model.ts";
import { dayHoursKey, hoursCallKey, type HoursQuery, hoursRequest, monthHoursKey } from "../time/hours-keys.ts";

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
 * the step renders from memory. Exactly the step's own query: a different choice makes
 * different keys, and its step asks for itself. A failed prefetch costs nothing: the
 * step asks again.
 */
export function startNextStepCalls(api: Pick<ApiClient, "http" | "started">, mutate: ScopedMutator, choice: NextStepChoice): void {
  const { provider, serviceBookings, staffMemberId, firstAvailable } = choice;
  if (serviceBookings.length === 0) return;
  const booking = createBookingCalls(api.http);
  const early = <T>(swrKey: readonly unknown[], callKey: string, call: () => Promise<T>) => {
    api.started.start(callKey, call).then(
      // Unless the step has its own answer by then.
      (answer) => void mutate(swrKey, (current: T | undefined) => current ?? answer, { revalidate: false }),
      () => undefined,
    );
  };
  if (provider.customerCanSelectStaff && staffMemberId === null) {
    const key = staffKey(provider.userId, serviceBookings);
    early(key, staffCallKey(key), () => booking.staff(provider.userId, serviceBookings));
  }
  const query: HoursQuery = { provider, serviceBookings, staffMemberId };
  const date = defaultDate(firstAvailable, todayIn(provider.timeZone));
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const dayKey = dayHoursKey(query, date);
  early(dayKey, hoursCallKey(dayKey), () => booking.availableHours(hoursRequest(query, year, month, day)));
  const monthKey = monthHoursKey(query, monthOf(date));
  early(monthKey, hoursCallKey(monthKey), () => booking.availableHoursMonth(hoursRequest(query, year, month, 1)));
}
