import { describe, expect, it } from "vitest";
import { offerMarker } from "./offer-marker.ts";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe("offerMarker", () => {
  it("knows the offer's secret among hold tokens, per booking page, until cleared", () => {
    const storage = memoryStorage();
    const frisor = offerMarker("demo-frisor", storage);
    frisor.mark("abc");
    expect(frisor.isOffer("abc")).toBe(true);
    expect(frisor.isOffer("other")).toBe(false);
    expect(frisor.isOffer(undefined)).toBe(false);
    expect(offerMarker("demo-salon", storage).isOffer("abc")).toBe(false);
    frisor.clear();
    expect(frisor.isOffer("abc")).toBe(false);
  });
});
