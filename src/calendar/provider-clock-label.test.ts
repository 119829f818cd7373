import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { providerClockLabel } from "./provider-clock-label.ts";

const i18n = setupI18n({ locale: "en", messages: { en: {} } });
const at = new Date("2026-12-03T07:18:00Z");

describe("a hold's end as the page says it", () => {
  it("is the provider's clock in the page's format, named by the provider's place for a visitor elsewhere", () => {
    expect(providerClockLabel(i18n, at, { timeZone: "Europe/Oslo", timeFormat: "24h" }, "UTC")).toBe("08:18 Oslo time");
    expect(providerClockLabel(i18n, at, { timeZone: "America/New_York", timeFormat: "12h" }, "UTC")).toBe("2:18 AM New York time");
  });

  it("is the bare clock for a visitor on the provider's clock", () => {
    expect(providerClockLabel(i18n, at, { timeZone: "Europe/Oslo", timeFormat: "24h" }, "Europe/Oslo")).toBe("08:18");
  });
});
