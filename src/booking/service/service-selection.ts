import type { ServiceBookingSelection } from "../../contract/schemas/index.ts";

/**
 * multipleServices (spec §4 "Service selection"): choosing a ticked service unticks it;
 * choosing another ticks it, with its chosen extras.
 */
export function toggleSelection(
  selected: readonly ServiceBookingSelection[],
  selection: ServiceBookingSelection,
): ServiceBookingSelection[] {
  return selected.some((item) => item.serviceId === selection.serviceId)
    ? selected.filter((item) => item.serviceId !== selection.serviceId)
    : [...selected, selection];
}

export function isSelected(selected: readonly ServiceBookingSelection[], serviceId: number): boolean {
  return selected.some((item) => item.serviceId === serviceId);
}
