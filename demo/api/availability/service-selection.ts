import type { ServiceBookingSelection } from "booking-widget/contract";
import type { SlotRequest } from "./engine.ts";

export interface CatalogueEntry {
  id: number;
  parentId: number | null;
  durationInMinutes: number;
  serviceDurationInMinutes: number | null;
  /** The service's name, for the refusals of bookableSelection. */
  title?: string;
  /** Spec §3 unavailableForOnlineBooking: shown with its hours, never booked or held online. */
  unavailableForOnlineBooking?: boolean;
  /** Time the staff member is kept before and after the service (a main service's; 0 when unset). */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  /** The service's own minimum notice; null or unset: the page's. */
  minimumNoticeMinutes?: number | null;
  /** Customers one staff member takes at one time (1 unless a group service). */
  capacity?: number;
}

export interface ResolvedSelection {
  serviceIds: number[];
  /** What the calendar blocks: services and extras, durationInMinutes summed. */
  blockedMinutes: number;
  /** What the customer is told: serviceDurationInMinutes where above 0, plus extras. */
  customerMinutes: number;
  /** The longest buffer before and after of the chosen services (the engine's SlotRequest). */
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Each chosen service's own minimum notice, or null for the page's. */
  serviceNoticeMinutes: (number | null)[];
  /** The places of a group service booked alone; 1 for every other booking. */
  capacity: number;
}

/**
 * Checks a selection against the provider's catalogue and sums its durations.
 * Answers an error message for a service that is not this provider's, an extra that
 * does not belong to its service, or a service chosen twice.
 */
export function resolveSelection(
  catalogue: readonly CatalogueEntry[],
  bookings: readonly ServiceBookingSelection[],
): ResolvedSelection | string {
  const byId = new Map(catalogue.map((entry) => [entry.id, entry]));
  const seen = new Set<number>();
  let blockedMinutes = 0;
  let customerMinutes = 0;
  let bufferBeforeMinutes = 0;
  let bufferAfterMinutes = 0;
  const serviceNoticeMinutes: (number | null)[] = [];
  for (const booking of bookings) {
    const service = byId.get(booking.serviceId);
    if (!service || service.parentId !== null) return `Service ${booking.serviceId} is not offered here`;
    if (seen.has(service.id)) return `Service ${service.id} is chosen twice`;
    seen.add(service.id);
    blockedMinutes += service.durationInMinutes;
    bufferBeforeMinutes = Math.max(bufferBeforeMinutes, service.bufferBeforeMinutes ?? 0);
    bufferAfterMinutes = Math.max(bufferAfterMinutes, service.bufferAfterMinutes ?? 0);
    serviceNoticeMinutes.push(service.minimumNoticeMinutes ?? null);
    customerMinutes +=
      service.serviceDurationInMinutes && service.serviceDurationInMinutes > 0
        ? service.serviceDurationInMinutes
        : service.durationInMinutes;
    for (const extraId of new Set(booking.extraServiceIds)) {
      const extra = byId.get(extraId);
      if (!extra || extra.parentId !== service.id) return `Extra service ${extraId} does not belong to service ${service.id}`;
      blockedMinutes += extra.durationInMinutes;
      customerMinutes += extra.durationInMinutes;
    }
  }
  // A group service is a session of its own: nothing joins it in one booking.
  const group = bookings.map((b) => byId.get(b.serviceId)!).find((service) => (service.capacity ?? 1) > 1);
  if (group && (bookings.length > 1 || bookings[0]!.extraServiceIds.length > 0)) {
    return `${group.title ?? `Service ${group.id}`} is a group service: it is booked on its own, without other services or extras`;
  }
  const capacity = group?.capacity ?? 1;
  return {
    serviceIds: [...seen],
    blockedMinutes,
    customerMinutes,
    bufferBeforeMinutes,
    bufferAfterMinutes,
    serviceNoticeMinutes,
    capacity,
  };
}

/**
 * What a booking, a hold or a move may ask for, beyond fitting the catalogue: no service
 * that cannot be booked online (its extras included), and one service only where the
 * page does not offer several (extras still go with it). So the longest time a request
 * can take is the longest booking the page could make, and no more. Answers the
 * selection, or the refusal's message.
 */
export function bookableSelection(
  catalogue: readonly CatalogueEntry[],
  bookings: readonly ServiceBookingSelection[],
  multipleServices: boolean,
): ResolvedSelection | string {
  const resolved = resolveSelection(catalogue, bookings);
  if (typeof resolved === "string") return resolved;
  if (!multipleServices && bookings.length > 1) return "This booking page books one service at a time";
  const byId = new Map(catalogue.map((entry) => [entry.id, entry]));
  for (const id of bookings.flatMap((b) => [b.serviceId, ...b.extraServiceIds])) {
    const entry = byId.get(id);
    if (entry?.unavailableForOnlineBooking) return `${entry.title ?? `Service ${id}`} cannot be booked online`;
  }
  return resolved;
}

/** What the engine is asked for a checked selection (with one staff member, or any). */
export const slotRequestFor = (selection: ResolvedSelection, staffMemberId?: number | null): SlotRequest => ({
  serviceIds: selection.serviceIds,
  blockedMinutes: selection.blockedMinutes,
  bufferBeforeMinutes: selection.bufferBeforeMinutes,
  bufferAfterMinutes: selection.bufferAfterMinutes,
  serviceNoticeMinutes: selection.serviceNoticeMinutes,
  capacity: selection.capacity,
  staffMemberId,
});
