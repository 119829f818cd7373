import { describe, expect, it } from "vitest";
import { createWidgetI18n } from "./create-i18n.ts";
import { firstAvailableLabel } from "./first-available-label.ts";

describe("first-available label", () => {
  it("reads today, tomorrow, the day after tomorrow or the date, in the element's language", async () => {
    const { i18n, setLocale } = createWidgetI18n();
    expect(firstAvailableLabel(i18n, { kind: "today" })).toBe("Første ledige: i dag");
    expect(firstAvailableLabel(i18n, { kind: "dayAfterTomorrow" })).toBe("Første ledige: i overmorgen");
    await setLocale("en");
    expect(firstAvailableLabel(i18n, { kind: "tomorrow" })).toBe("First available: tomorrow");
    expect(firstAvailableLabel(i18n, { kind: "date", isoDate: "2026-12-24" })).toBe("First available: 24.12.2026");
    await setLocale("es");
    expect(firstAvailableLabel(i18n, { kind: "tomorrow" })).toBe("Primera hora libre: mañana");
    expect(firstAvailableLabel(i18n, { kind: "none" })).toBeNull();
  });
});
