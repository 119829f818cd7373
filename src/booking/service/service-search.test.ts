import { describe, expect, it } from "vitest";
import type { Service, ServiceCategory } from "../../contract/schemas/index.ts";
import { filterCategories, showsSearch } from "./service-search.ts";

const service = (id: number, title: string, description = "") => ({ id, title, description }) as Service;
const categories: ServiceCategory[] = [
  { title: "Masajes", services: [service(1, "Masaje relajante", "Cuerpo completo"), service(2, "Masaje de piedras calientes")] },
  { title: "Faciales", services: [service(3, "Facial hidratante", "Limpieza profunda")] },
];

describe("service search", () => {
  it("matches title, description and category, every word, ignoring case and accents", () => {
    expect(filterCategories(categories, "PIEDRAS").flatMap((c) => c.services.map((s) => s.id))).toEqual([2]);
    expect(filterCategories(categories, "limpieza").flatMap((c) => c.services.map((s) => s.id))).toEqual([3]);
    expect(filterCategories(categories, "masajes relajante").flatMap((c) => c.services.map((s) => s.id))).toEqual([1]);
    expect(filterCategories([{ title: "", services: [service(4, "Café")] }], "cafe")).toHaveLength(1);
  });

  it("keeps everything for an empty query and drops categories without matches", () => {
    expect(filterCategories(categories, "  ")).toEqual(categories);
    expect(filterCategories(categories, "facial").map((c) => c.title)).toEqual(["Faciales"]);
    expect(filterCategories(categories, "nothing")).toEqual([]);
  });

  it("shows the search box from six services, or when the provider turns it on", () => {
    expect(showsSearch(categories, false)).toBe(false);
    expect(showsSearch(categories, true)).toBe(true);
    expect(showsSearch([{ title: "", services: [1, 2, 3, 4, 5, 6].map((id) => service(id, "x")) }], false)).toBe(true);
  });
});
