import { describe, expect, it } from "vitest";
import { bookingSeries, countCut, fittingWish, planFrom, seriesCounts } from "./series-plan.ts";

const free = (date: string) => ({ date, backendLabel: "10:00", label: "10:00", state: "free" as const, alternatives: [] });
const taken = (date: string, ...times: string[]) => ({
  date,
  backendLabel: "10:00",
  label: "10:00",
  state: "taken" as const,
  alternatives: times.map((t) => ({ backendLabel: t, label: t })),
});

describe("the visitor's series", () => {
  it("offers 2 up to what the service and the booking window allow", () => {
    expect(seriesCounts({ everyWeeks: [1, 2], maxOccurrences: 8 }, 1, "2026-12-01", "2026-12-31")).toEqual([2, 3, 4, 5]);
    expect(seriesCounts({ everyWeeks: [1, 2], maxOccurrences: 3 }, 1, "2026-12-01", "2027-06-01")).toEqual([2, 3]);
    expect(seriesCounts({ everyWeeks: [2], maxOccurrences: 8 }, 2, "2026-12-25", "2026-12-31")).toEqual([]);
  });

  it("fits a kept wish to the service and the window, or drops it", () => {
    const rule = { everyWeeks: [1, 2], maxOccurrences: 8 };
    expect(fittingWish(rule, { everyWeeks: 1, count: 8 }, "2026-12-01", "2026-12-31")).toEqual({ everyWeeks: 1, count: 5 });
    expect(fittingWish(rule, { everyWeeks: 3, count: 4 }, "2026-12-01", "2026-12-31")).toBeNull();
    expect(fittingWish(rule, { everyWeeks: 2, count: 4 }, "2026-12-25", "2026-12-31")).toBeNull();
    expect(fittingWish(rule, null, "2026-12-01", "2026-12-31")).toBeNull();
  });

  it("says why fewer times are offered than asked for: the booking window, or the service's most", () => {
    const rule = { everyWeeks: [1, 2], maxOccurrences: 8 };
    // A window to 2027-01-09 takes four times a week apart, three two weeks apart.
    expect(countCut(rule, { everyWeeks: 1, count: 4 }, "2026-12-01", "2027-01-09")).toBeNull();
    expect(countCut(rule, { everyWeeks: 2, count: 4 }, "2026-12-01", "2027-01-09")).toEqual({ fits: 3, by: "window" });
    expect(countCut({ everyWeeks: [1], maxOccurrences: 4 }, { everyWeeks: 1, count: 6 }, "2026-12-01", "2027-06-01")).toEqual({
      fits: 4,
      by: "service",
    });
    // No series at all here (not even two fit): nothing to explain about the count.
    expect(countCut(rule, { everyWeeks: 2, count: 4 }, "2026-12-25", "2026-12-31")).toBeNull();
    expect(countCut(rule, null, "2026-12-01", "2027-01-30")).toBeNull();
  });

  it("takes a taken occurrence's nearest free time unless the visitor chose another or left it out", () => {
    const preview = [free("2026-12-01"), taken("2026-12-08", "09:30", "11:00"), taken("2026-12-15"), free("2026-12-22")];
    expect(planFrom(1, preview, new Map())?.occurrences.map((o) => `${o.date} ${o.backendLabel}`)).toEqual([
      "2026-12-01 10:00",
      "2026-12-08 09:30",
      "2026-12-22 10:00",
    ]);
    expect(planFrom(1, preview, new Map([[1, "11:00"]]))?.occurrences[1]).toEqual({
      date: "2026-12-08",
      backendLabel: "11:00",
      label: "11:00",
    });
    expect(planFrom(1, preview, new Map([[1, null]]))?.occurrences.map((o) => o.date)).toEqual(["2026-12-01", "2026-12-22"]);
    expect(planFrom(1, [free("2026-12-01"), taken("2026-12-08")], new Map())).toBeNull();
  });

  it("sends the occurrences after the first", () => {
    const plan = planFrom(2, [free("2026-12-01"), free("2026-12-15")], new Map())!;
    expect(bookingSeries(plan)).toEqual({ everyWeeks: 2, occurrences: [{ year: 2026, month: 12, day: 15, hour: 10, minute: 0 }] });
  });
});
