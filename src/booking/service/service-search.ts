import type { ServiceCategory } from "../../contract/schemas/index.ts";

/** The search box shows for larger catalogues, or when the provider turns searching on. */
export const SEARCH_FROM_SERVICES = 6;

export function showsSearch(categories: readonly ServiceCategory[], providerWantsSearch: boolean): boolean {
  return providerWantsSearch || categories.reduce((sum, category) => sum + category.services.length, 0) >= SEARCH_FROM_SERVICES;
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * The categories with the services whose title, description or category matches every
 * word of `query` (case and accents ignored); empty categories drop out.
 */
export function filterCategories(categories: readonly ServiceCategory[], query: string): ServiceCategory[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...categories];
  return categories
    .map((category) => ({
      ...category,
      services: category.services.filter((service) => {
        const text = fold(`${service.title} ${service.description} ${category.title}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((category) => category.services.length > 0);
}
