import type { Provider, ServiceCategory } from "../../contract/schemas/index.ts";
import type { WidgetServices } from "../../kernel/widget-context.ts";
import type { BookingStore } from "../store/booking-store.ts";
import { preselectedServices } from "./preselected-services.ts";

/**
 * The service attribute's services are chosen and the visitor continues from the next
 * step (once per value); a staff attribute on a page where visitors do not choose staff
 * is said to be ignored. The staff attribute itself is used by the staff step.
 */
export function preselectOnLoad(
  { store, warn }: Pick<WidgetServices, "warn"> & { store: BookingStore },
  provider: Provider,
  categories: readonly ServiceCategory[],
) {
  const { prefill, prefillUsed, preselectServices } = store.getState();
  const staff = prefill.staff?.trim();
  if (staff && !provider.customerCanSelectStaff)
    warn([{ attribute: "staff", value: staff, why: "this booking page does not let visitors choose staff" }]);
  const service = prefill.service?.trim();
  if (!service || service === prefillUsed.service) return;
  const { selections, ignored } = preselectedServices(categories, service, provider.multipleServices);
  warn(ignored);
  preselectServices(service, selections);
}
