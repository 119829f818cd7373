import { describe, expect, it } from "vitest";
import { longDate, monthTitle, weekdayNames, weekStartOf } from "./date-labels.ts";

describe("calendar labels", () => {
  it("name months, dates and weekdays in the widget's language", () => {
    expect(monthTitle({ year: 2026, month: 11 }, "en")).toBe("November 2026");
    expect(monthTitle({ year: 2026, month: 11 }, "no")).toBe("November 2026");
    // Only the first letter is capital: "de" stays lower case.
    expect(monthTitle({ year: 2026, month: 12 }, "es")).toBe("Diciembre de 2026");
    expect(longDate("2026-11-23", "en")).toBe("Monday, November 23");
    expect(longDate("2026-11-23", "es")).toBe("lunes, 23 de noviembre");
    expect(weekdayNames("en")[0]!.long).toBe("Sunday");
    expect(weekdayNames("no")[0]!.long).toBe("mandag");
    expect(weekdayNames("no")[6]!.long).toBe("søndag");
    expect(weekStartOf("es")).toBe(1);
  });
});
