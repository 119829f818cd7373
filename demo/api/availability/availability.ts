import { type Provider, type ServiceBookingSelection, toZoned } from "booking-widget/contract";
import type { Queryable } from "../db/database.ts";
import { badRequest } from "../http-errors.ts";
import { firstAvailableSlot, withoutAppointment, type DateRange, type ProviderSchedule, type Slot, type SlotRequest } from "./engine.ts";
import { loadSchedule } from "./load-schedule.ts";
import type { Holder } from "../secrets/holder.ts";
import { bookableSelection, resolveSelection, type ResolvedSelection } from "./service-selection.ts";

export interface Availability {
  schedule: ProviderSchedule;
  /** Validates a selection (400 when it does not fit the catalogue) and sums its durations. */
  resolve(bookings: readonly ServiceBookingSelection[]): ResolvedSelection;
  /** As resolve, for a booking, a hold or a move: also 400 for what the page does not book online (bookableSelection). */
  resolveBookable(bookings: readonly ServiceBookingSelection[]): ResolvedSelection;
  /** The provider-zone date of the first bookable slot for a request, or null. */
  firstAvailableDate(request: SlotRequest): string | null;
  firstSlot(request: SlotRequest): Slot | null;
}

export interface AvailabilityScope {
  /** A move: the appointment being moved, whose own time then counts as free. */
  movingAppointmentId?: number | undefined;
  /** A series moved from one occurrence on: every one of them counts as free. */
  movingAppointmentIds?: readonly number[] | undefined;
  /** Only these dates are asked about (a month, a day): fewer appointments are read. */
  dates?: DateRange;
  /** The asking visitor's hold (held times extension): its time counts as free for them. */
  holder?: Holder | undefined;
}

/** The provider's schedule and catalogue, loaded once for one request. */
export async function availabilityFor(
  db: Queryable,
  provider: Provider,
  now: Date,
  { movingAppointmentId, movingAppointmentIds = [], dates, holder }: AvailabilityScope = {},
): Promise<Availability> {
  const { schedule: loaded, catalogue } = await loadSchedule(db, provider, now, dates, holder);
  const moving = [...(movingAppointmentId ? [movingAppointmentId] : []), ...movingAppointmentIds];
  const schedule = moving.reduce(withoutAppointment, loaded);
  const firstSlot = (request: SlotRequest) => firstAvailableSlot(schedule, request);
  return {
    schedule,
    resolve(bookings) {
      const resolved = resolveSelection(catalogue, bookings);
      return typeof resolved === "string" ? badRequest(resolved) : resolved;
    },
    resolveBookable(bookings) {
      const resolved = bookableSelection(catalogue, bookings, provider.multipleServices);
      return typeof resolved === "string" ? badRequest(`Invalid booking: ${resolved}`) : resolved;
    },
    firstSlot,
    firstAvailableDate(request) {
      const slot = firstSlot(request);
      return slot ? toZoned(slot.start, provider.timeZone).isoDate : null;
    },
  };
}
