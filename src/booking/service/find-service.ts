import type { Service, ServiceCategory } from "../../contract/schemas/index.ts";

/** Finds a service by id across the categories. */
export function findService(categories: readonly ServiceCategory[], serviceId: number): Service | undefined {
  for (const category of categories) {
    const found = category.services.find((service) => service.id === serviceId);
    if (found) return found;
  }
  return undefined;
}
