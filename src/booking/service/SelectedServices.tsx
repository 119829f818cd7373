import { useLingui } from "@lingui/react";
import type { ServiceCategory } from "../../contract/schemas/index.ts";
import { useBookingStore } from "../store/booking-store-context.ts";
import { bookingMessages } from "../messages.ts";

/**
 * multipleServices: the ticked services and Continue. A side panel on wide screens, a
 * bottom sheet on narrow ones (the stylesheet's container query).
 */
export function SelectedServices({ categories }: { categories: readonly ServiceCategory[] }) {
  const { _ } = useLingui();
  const selected = useBookingStore((state) => state.selectedServices);
  const continueWithServices = useBookingStore((state) => state.continueWithServices);
  const services = categories.flatMap((category) => category.services);
  const titleOf = (id: number) => services.find((service) => service.id === id)?.title ?? "";
  const extrasOf = (serviceId: number, ids: readonly number[]) =>
    (services.find((service) => service.id === serviceId)?.children ?? [])
      .filter((extra) => ids.includes(extra.id))
      .map((extra) => extra.title);

  return (
    <aside className="bw-selected" part="selected-services" aria-label={_(bookingMessages.selectedServices)}>
      <h3 className="bw-selected__title">{_(bookingMessages.selectedServices)}</h3>
      {selected.length === 0 ? (
        <p className="bw-selected__empty">{_(bookingMessages.noneSelected)}</p>
      ) : (
        <ul className="bw-selected__list">
          {selected.map((selection) => (
            <li key={selection.serviceId}>
              {titleOf(selection.serviceId)}
              {(selection.extraServiceIds ?? []).length > 0 && (
                <span className="bw-selected__extras"> + {extrasOf(selection.serviceId, selection.extraServiceIds ?? []).join(", ")}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="bw-button" disabled={selected.length === 0} onClick={continueWithServices}>
        {_({ ...bookingMessages.continueWith, values: { count: selected.length } })}
      </button>
    </aside>
  );
}
