import type { ServiceBookingSelection } from "../../../src/api/schemas/service.ts";

export interface CatalogueEntry {
  id: number;
  parentId: number | null;
  durationInMinutes: number;
  serviceDurationInMinutes: number | null;
}

export interface ResolvedSelection {
  serviceIds: number[];
  /** What the calendar blocks: services and extras, durationInMinutes summed. */
  blockedMinutes: number;
  /** What the customer is told: serviceDurationInMinutes where above 0, plus extras. */
  customerMinutes: number;
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
  for (const booking of bookings) {
    const service = byId.get(booking.serviceId);
    if (!service || service.parentId !== null) return `Service ${booking.serviceId} is not offered here`;
    if (seen.has(service.id)) return `Service ${service.id} is chosen twice`;
    seen.add(service.id);
    blockedMinutes += service.durationInMinutes;
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
  return { serviceIds: [...seen], blockedMinutes, customerMinutes };
}
