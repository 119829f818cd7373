import { describe, expect, it } from "vitest";
import { formatPrice } from "./format-price.ts";

describe("formatPrice", () => {
  it("uses a dot as thousands separator", () => {
    expect(formatPrice(1450, "en")).toBe("$1.450");
    expect(formatPrice(1234567, "no")).toBe("1.234.567 kr");
  });
  it("puts a dollar prefix in English and Spanish and a kr suffix in Norwegian", () => {
    expect(formatPrice(65, "en")).toBe("$65");
    expect(formatPrice(65, "es")).toBe("$65");
    expect(formatPrice(650, "no")).toBe("650 kr");
  });
  it("shows cents only when there are any", () => {
    expect(formatPrice(0, "en")).toBe("$0");
    expect(formatPrice(39.5, "en")).toBe("$39,50");
  });

  it("rounds to cents", () => {
    expect(formatPrice(19.999, "no")).toBe("20 kr");
    expect(formatPrice(1000.05, "es")).toBe("$1.000,05");
  });
});
