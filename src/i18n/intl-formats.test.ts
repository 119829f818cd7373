import { describe, expect, it } from "vitest";
import { dateFormat, listFormat } from "./intl-formats.ts";

describe("intl-formats", () => {
  it("makes a formatter once per language and options, and formats as Intl does", () => {
    const options = { weekday: "long", timeZone: "UTC" } as const;
    expect(dateFormat("en", options)).toBe(dateFormat("en", { weekday: "long", timeZone: "UTC" }));
    expect(dateFormat("nb", options)).not.toBe(dateFormat("en", options));
    expect(dateFormat("en", { weekday: "short", timeZone: "UTC" })).not.toBe(dateFormat("en", options));
    expect(dateFormat("en", options).format(Date.UTC(2026, 10, 26, 12))).toBe("Thursday");
    expect(listFormat("en", { type: "conjunction" })).toBe(listFormat("en", { type: "conjunction" }));
    expect(listFormat("en", { type: "conjunction" }).format(["e-mail", "SMS"])).toBe("e-mail and SMS");
  });
});
