import type { Service, ServiceCategory } from "../../api/schemas/index.ts";

/** Finds a service by id across the categories. */
export function findService(categories: readonly ServiceCategory[], serviceId: number): Service | undefined {
  for (const category of categories) {
    const found = category.services.find((service) => service.id === serviceId);
    if (found) return found;
  }
  return undefined;
}
