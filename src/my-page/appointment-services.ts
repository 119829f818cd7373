import type { CustomerAppointment, ServiceBookingSelection, ServiceCategory } from "../contract/schemas/index.ts";

/**
 * The service selection a move books again (spec §4 "My Page": a move selects the
 * appointment's services). From the appointment's serviceIds, extras under their main
 * service; without ids (a server that does not send them) by the titles in
 * appointmentName. Empty when a service is no longer offered: then it cannot be moved online.
 */
export function appointmentSelections(categories: readonly ServiceCategory[], appointment: CustomerAppointment): ServiceBookingSelection[] {
  const services = categories.flatMap((category) => category.services);
  const ids = appointment.serviceIds.length > 0 ? appointment.serviceIds : idsByTitle(services, appointment.appointmentName);
  if (ids.length === 0) return [];
  const selections: ServiceBookingSelection[] = [];
  const placed = new Set<number>();
  for (const service of services) {
    if (!ids.includes(service.id)) continue;
    const extraServiceIds = (service.children ?? []).map((extra) => extra.id).filter((id) => ids.includes(id));
    selections.push({ serviceId: service.id, extraServiceIds });
    for (const id of [service.id, ...extraServiceIds]) placed.add(id);
  }
  return ids.every((id) => placed.has(id)) ? selections : [];
}

function idsByTitle(services: readonly ServiceCategory["services"][number][], name: string): number[] {
  const titles = name
    .split(",")
    .map((title) => title.trim())
    .filter(Boolean);
  const ids: number[] = [];
  for (const title of titles) {
    const service = services.find((s) => s.title === title);
    const extra = services.flatMap((s) => s.children ?? []).find((e) => e.title === title);
    const id = service?.id ?? extra?.id;
    if (id === undefined) return [];
    ids.push(id);
  }
  return ids;
}
