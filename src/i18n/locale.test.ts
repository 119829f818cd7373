import { describe, expect, it } from "vitest";
import { initialLocale, localeForProvider, toLocale } from "./locale.ts";

describe("locale rule (spec §1)", () => {
  it("maps language tags to supported locales", () => {
    expect(toLocale("nb-NO")).toBe("no");
    expect(toLocale("nn")).toBe("no");
    expect(toLocale("en-US")).toBe("en");
    expect(toLocale("ES")).toBe("es");
    expect(toLocale("de")).toBeUndefined();
    expect(toLocale(null)).toBeUndefined();
  });

  it("starts in the stored language, else Norwegian; a lang attribute wins", () => {
    expect(initialLocale(undefined, null)).toBe("no");
    expect(initialLocale(undefined, "es")).toBe("es");
    expect(initialLocale("en", "es")).toBe("en");
    expect(initialLocale("xx", "fr")).toBe("no");
  });

  it("switches to the provider's language once it loads, unless the attribute fixed one", () => {
    expect(localeForProvider(undefined, "en", "no")).toBe("en");
    expect(localeForProvider("es", "en", "no")).toBe("es");
    expect(localeForProvider(undefined, null, "es")).toBe("es");
    expect(localeForProvider(undefined, "klingon", "no")).toBe("no");
  });

  it("keeps the language the visitor chose in the element over the provider's and the attribute's", () => {
    expect(localeForProvider(undefined, "es", "en", "en")).toBe("en");
    expect(localeForProvider("no", "es", "en", "en")).toBe("en");
    expect(localeForProvider("no", "es", "no", undefined)).toBe("no");
  });
});
