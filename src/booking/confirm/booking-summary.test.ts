import { describe, expect, it } from "vitest";
import type { ServiceCategory } from "../../contract/schemas/index.ts";
import { widgetService } from "../../../tests/support/widget-builders.ts";
import { bookingSummary, chosenServices } from "./booking-summary.ts";

const categories: ServiceCategory[] = [
  {
    title: "Hair",
    services: [
      widgetService({
        id: 1,
        title: "Women's haircut",
        price: 65,
        durationInMinutes: 60,
        children: [
          { id: 11, title: "Wash and blow-dry", price: 15, durationInMinutes: 15, selected: false },
          { id: 12, title: "Deep conditioning", price: 20, durationInMinutes: 10, selected: false },
        ],
      }),
      widgetService({ id: 2, title: "Men's haircut", price: 45, discountPrice: 39, durationInMinutes: 30 }),
      widgetService({ id: 3, title: "Full color", price: 1450, durationInMinutes: 120, mustPayOnline: true, payOnlinePrice: 50 }),
    ],
  },
  {
    title: "",
    services: [
      widgetService({ id: 4, title: "Physio", price: 90, durationInMinutes: 45, serviceDurationInMinutes: 40 }),
      widgetService({ id: 5, title: "Varies", disablePrice: true }),
    ],
  },
];
const hour = {
  label: "9:00 AM",
  backendLabel: "09:00",
  date: "2026-11-24",
  customerAppointmentEndLabel: "10:25 AM",
  appointmentEndLabel: "10:25 AM",
};

describe("booking summary", () => {
  it("adds the chosen extras to their service's price and duration, and totals the lines", () => {
    const summary = bookingSummary(
      categories,
      [
        { serviceId: 1, extraServiceIds: [11] },
        { serviceId: 2, extraServiceIds: [] },
      ],
      hour,
    );
    expect(summary.lines.map((l) => [l.service.title, l.extras.map((e) => e.title), l.price, l.minutes])).toEqual([
      ["Women's haircut", ["Wash and blow-dry"], 80, 75],
      ["Men's haircut", [], 39, 30],
    ]);
    expect(summary.total).toBe(119);
    expect(summary.payOnline).toBe(0);
    expect([summary.date, summary.start, summary.end]).toEqual(["2026-11-24", "9:00 AM", "10:25 AM"]);
  });

  it("tells the customer duration, not the blocked one", () => {
    expect(bookingSummary(categories, [{ serviceId: 4, extraServiceIds: [] }], hour).lines[0]!.minutes).toBe(40);
  });

  it("has no total when a price varies, and sums what must be paid online", () => {
    expect(
      bookingSummary(
        categories,
        [
          { serviceId: 5, extraServiceIds: [] },
          { serviceId: 2, extraServiceIds: [] },
        ],
        null,
      ).total,
    ).toBeNull();
    expect(
      bookingSummary(
        categories,
        [
          { serviceId: 3, extraServiceIds: [] },
          { serviceId: 2, extraServiceIds: [] },
        ],
        null,
      ).payOnline,
    ).toBe(50);
  });

  it("a series totals and pays for every occurrence at once, and says each time's share", () => {
    const series = bookingSummary(categories, [{ serviceId: 3, extraServiceIds: [] }], hour, 4);
    expect(series.total).toBe(5800);
    expect(series.payOnline).toBe(200);
    expect(series.terms).toEqual({ now: 200, atPlace: 5600, deposit: true, each: 50 });
    expect(bookingSummary(categories, [{ serviceId: 3, extraServiceIds: [] }], hour).terms).toEqual({
      now: 50,
      atPlace: 1400,
      deposit: true,
    });
  });

  it("leaves out services it does not know", () => {
    expect(
      chosenServices(categories, [
        { serviceId: 99, extraServiceIds: [] },
        { serviceId: 2, extraServiceIds: [] },
      ]).map((s) => s.id),
    ).toEqual([2]);
  });
});
