import { describe, expect, it } from "vitest";
import { readKnownProvider, rememberProvider } from "./known-provider.ts";

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const API = "https://book.example/api";

describe("the provider known from an earlier visit", () => {
  it("is remembered per booking link and per API", () => {
    const storage = memoryStorage();
    rememberProvider(API, "demo-salon", { userId: 7, language: "en" }, storage);
    expect(readKnownProvider(API, "demo-salon", storage)).toEqual({ userId: 7, language: "en" });
    expect(readKnownProvider(API, "demo-clinic", storage)).toBeUndefined();
    expect(readKnownProvider("https://other.example/api", "demo-salon", storage)).toBeUndefined();
  });

  it("keeps only the id and the language of a provider", () => {
    const storage = memoryStorage();
    const provider = { userId: 3, language: null, name: "Demo Frisør", phoneNumber: "+47 22 00 00 00" };
    rememberProvider(API, "demo-frisor", provider, storage);
    expect(JSON.parse(storage.getItem(`booking-widget:provider:${API}|demo-frisor`)!)).toEqual({ userId: 3, language: null });
  });

  it("ignores a stored value that was edited or broken", () => {
    const storage = memoryStorage();
    for (const stored of ['{"userId":"7","language":"en"}', '{"userId":-1,"language":"en"}', "{not json", '{"userId":1.5,"language":null}']) {
      storage.setItem(`booking-widget:provider:${API}|demo-salon`, stored);
      expect(readKnownProvider(API, "demo-salon", storage)).toBeUndefined();
    }
  });
});
