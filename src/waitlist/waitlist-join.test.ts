import { describe, expect, it } from "vitest";
import { ApiError } from "../api/errors.ts";
import { widgetService } from "../../tests/support/widget-builders.ts";
import { bookingMinutes, joinableDays, joinProblem, joinRequest, windowProblem } from "./waitlist-join.ts";

describe("bookingMinutes", () => {
  it("adds each chosen service's length and its chosen extras'", () => {
    const extra = (id: number, durationInMinutes: number) => ({ id, title: `Extra ${id}`, price: 0, durationInMinutes, selected: false });
    const categories = [
      { title: "", services: [widgetService({ id: 1, durationInMinutes: 45, children: [extra(11, 15), extra(12, 30)] })] },
      { title: "More", services: [widgetService({ id: 2, durationInMinutes: 20 })] },
    ];
    expect(bookingMinutes(categories, [{ serviceId: 1, extraServiceIds: [12] }])).toBe(75);
    expect(
      bookingMinutes(categories, [
        { serviceId: 1, extraServiceIds: [] },
        { serviceId: 2, extraServiceIds: [] },
      ]),
    ).toBe(65);
    expect(bookingMinutes(categories, [{ serviceId: 3, extraServiceIds: [] }])).toBe(0);
  });
});

describe("joinableDays", () => {
  it("offers the day shown and the next two", () => {
    expect(joinableDays("2026-12-30", "2027-03-01")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
  });
  it("never a day past the booking window", () => {
    expect(joinableDays("2026-12-30", "2026-12-31")).toEqual(["2026-12-30", "2026-12-31"]);
  });
  it("skips the days the page is closed, and offers nothing on a closed day", () => {
    // Open Tuesday to Saturday: from Saturday 28 November, the next are Tuesday 1 and Wednesday 2 December.
    const open = new Set([2, 3, 4, 5, 6]);
    expect(joinableDays("2026-11-28", "2027-03-01", open)).toEqual(["2026-11-28", "2026-12-01", "2026-12-02"]);
    expect(joinableDays("2026-11-29", "2027-03-01", open)).toEqual([]);
  });

  it("offers nothing for a day that is over (past its last possible start)", () => {
    expect(joinableDays("2026-12-30", "2027-03-01", undefined, (date) => date === "2026-12-30")).toEqual([]);
    expect(joinableDays("2026-12-30", "2027-03-01", undefined, () => false)).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
  });
});

describe("windowProblem", () => {
  it("wants the start of a part of the day before its end", () => {
    expect(windowProblem("15:00", "14:00")).toBe("order");
    expect(windowProblem("15:00", "15:00")).toBe("order");
    expect(windowProblem("15:00", "")).toBeNull();
    expect(windowProblem("", "12:00")).toBeNull();
  });
});

describe("joinRequest", () => {
  it("sorts the days, leaves out an empty part of the day, and names the language", () => {
    expect(
      joinRequest({
        customerToken: "t",
        serviceBookings: [{ serviceId: 4, extraServiceIds: [5] }],
        staffMemberId: null,
        days: ["2026-12-02", "2026-12-01", "2026-12-02"],
        after: "15:00",
        before: "",
        language: "es",
      }),
    ).toEqual({
      customerAccountIdentificationCode: "t",
      serviceBookings: [{ serviceId: 4, extraServiceIds: [5] }],
      staffMemberId: null,
      days: ["2026-12-01", "2026-12-02"],
      after: "15:00",
      before: null,
      language: "es",
    });
  });
});

describe("joinProblem", () => {
  const refused = (status: number, code: string) =>
    new ApiError({ kind: "http", status, path: "Waitlist", serverMessage: "", refusal: code });
  it("reads the API's refusal codes", () => {
    expect(joinProblem(refused(409, "waitlist-entries-used-up"))).toBe("used-up");
    expect(joinProblem(refused(409, "waitlist-full"))).toBe("full");
    expect(joinProblem(refused(403, "verification-required"))).toBe("proof");
    expect(joinProblem(refused(429, "too-many-requests"))).toBe("limited");
    expect(joinProblem(new Error("offline"))).toBe("failed");
  });
});
