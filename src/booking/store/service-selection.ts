import type { ServiceBookingSelection } from "../../contract/schemas/index.ts";

/**
 * multipleServices (spec §4 "Service selection"): choosing a ticked service unticks it;
 * choosing another ticks it, with its chosen extras. A group service (a class) is booked
 * on its own, as the API requires: ticking one unticks the rest, and ticking another
 * service unticks it. `groupServiceIds` are the page's group services.
 */
export function toggleSelection(
  selected: readonly ServiceBookingSelection[],
  selection: ServiceBookingSelection,
  groupServiceIds: ReadonlySet<number> = new Set(),
): ServiceBookingSelection[] {
  if (selected.some((item) => item.serviceId === selection.serviceId))
    return selected.filter((item) => item.serviceId !== selection.serviceId);
  if (groupServiceIds.has(selection.serviceId)) return [selection];
  return [...selected.filter((item) => !groupServiceIds.has(item.serviceId)), selection];
}

export function isSelected(selected: readonly ServiceBookingSelection[], serviceId: number): boolean {
  return selected.some((item) => item.serviceId === serviceId);
}
