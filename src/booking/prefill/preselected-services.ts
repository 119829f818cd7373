import type { ServiceBookingSelection, ServiceCategory } from "../../contract/schemas/index.ts";
import { findService } from "../service/find-service.ts";
import type { IgnoredAttribute } from "../../kernel/errors/report.ts";
import { idsOf } from "../store/prefill-attributes.ts";

/**
 * The service attribute's services, chosen on load (lazy chunk: only pages that set
 * the attribute load it). Ids the page does not offer online are left out with a
 * warning; a page that books one service at a time takes the first id.
 */
export function preselectedServices(
  categories: readonly ServiceCategory[],
  value: string,
  multipleServices: boolean,
): { selections: ServiceBookingSelection[]; ignored: IgnoredAttribute[] } {
  const ids = idsOf(value);
  if (!ids) return { selections: [], ignored: [{ attribute: "service", value, why: "not a list of service ids" }] };
  const ignored: IgnoredAttribute[] = [];
  const offered = ids.filter((id) => {
    const service = findService(categories, id);
    if (service && !service.unavailableForOnlineBooking) return true;
    ignored.push({
      attribute: "service",
      value: String(id),
      why: service ? "this service cannot be booked online" : "no such service on this booking page",
    });
    return false;
  });
  if (!multipleServices && offered.length > 1) {
    ignored.push({ attribute: "service", value, why: `this booking page books one service at a time: ${offered[0]} is chosen` });
    offered.length = 1;
  }
  return { selections: offered.map((serviceId) => ({ serviceId, extraServiceIds: [] })), ignored };
}
