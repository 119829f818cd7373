import { describe, expect, it } from "vitest";
import { browserLocale } from "./admin-i18n.ts";

describe("the back office's language", () => {
  it("is the browser's first language it speaks, else Norwegian", () => {
    expect(browserLocale(["de-DE", "en-GB", "nb"])).toBe("en");
    expect(browserLocale(["nn-NO"])).toBe("no");
    expect(browserLocale(["es-419"])).toBe("es");
    expect(browserLocale(["fr"])).toBe("no");
    expect(browserLocale([])).toBe("no");
  });
});
