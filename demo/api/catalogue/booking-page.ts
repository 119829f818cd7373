import type { Provider, ServiceCategory } from "booking-widget/contract";
import { availabilityFor } from "../availability/availability.ts";
import { slotRequestFor } from "../availability/service-selection.ts";
import type { Queryable } from "../db/database.ts";
import { findProviderByLink } from "../providers/provider-queries.ts";
import { listCatalogue } from "./service-queries.ts";

/**
 * Service/asAnonymous's answer: the page's services by category, each with the first day
 * it can be booked alone (with its buffers and notice, the rules a booking of it meets).
 */
export async function anonymousCatalogue(db: Queryable, provider: Provider, now: Date): Promise<ServiceCategory[]> {
  const availability = await availabilityFor(db, provider, now);
  const firstAvailable = (service: { id: number }) =>
    availability.firstAvailableDate(slotRequestFor(availability.resolve([{ serviceId: service.id, extraServiceIds: [] }])));
  return listCatalogue(db, provider.userId, firstAvailable);
}

/**
 * A booking page as the widget's first screen asks for it (User/ByUser, then
 * Service/asAnonymous), read through the same queries those routes use: the host page's
 * data island (demo/server/site.ts). Null when there is no such page.
 */
export async function bookingPageOf(
  db: Queryable,
  bookingLink: string,
  now: Date,
): Promise<{ provider: Provider; services: ServiceCategory[] } | null> {
  const provider = await findProviderByLink(db, bookingLink);
  if (!provider) return null;
  return { provider, services: await anonymousCatalogue(db, provider, now) };
}
