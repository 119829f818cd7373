import { describe, expect, it } from "vitest";
import type { ServiceCategory } from "../../contract/schemas/index.ts";
import { widgetService } from "../../../tests/support/widget-builders.ts";
import { bookingConfirmedDetail } from "./booking-confirmed-detail.ts";

const categories: ServiceCategory[] = [
  {
    title: "Hair",
    services: [
      widgetService({
        id: 1,
        title: "Dameklipp",
        price: 650,
        children: [{ id: 11, title: "Vask", price: 150, durationInMinutes: 15, selected: false }],
      }),
      widgetService({ id: 2, title: "Herreklipp", price: 450, discountPrice: 390 }),
      widgetService({ id: 5, title: "Farge", disablePrice: true }),
    ],
  },
];
const oslo = { timeZone: "Europe/Oslo", currency: "NOK" };
const confirmation = { id: 42, start: "2026-03-10T08:00:00.000Z", end: "2026-03-10T09:15:00.000Z" };

describe("bw-booking-confirmed detail", () => {
  it("names the services with their extras, the times with the provider's offset, the total and currency", () => {
    const detail = bookingConfirmedDetail(
      oslo,
      categories,
      [
        { serviceId: 1, extraServiceIds: [11] },
        { serviceId: 2, extraServiceIds: [] },
      ],
      confirmation,
      false,
    );
    expect(detail).toEqual({
      appointmentIds: [42],
      services: [
        { id: 1, title: "Dameklipp", extras: [{ id: 11, title: "Vask" }] },
        { id: 2, title: "Herreklipp", extras: [] },
      ],
      start: "2026-03-10T09:00:00+01:00",
      end: "2026-03-10T10:15:00+01:00",
      timeZone: "Europe/Oslo",
      totalPrice: 1190,
      currency: "NOK",
      paid: false,
    });
  });

  it("has no total for a variable price, and says whether it was paid online", () => {
    const detail = bookingConfirmedDetail(oslo, categories, [{ serviceId: 5, extraServiceIds: [] }], confirmation, true);
    expect([detail.totalPrice, detail.paid]).toEqual([null, true]);
  });

  it("carries nothing but ids, titles, times and money", () => {
    const detail = bookingConfirmedDetail(oslo, categories, [{ serviceId: 1, extraServiceIds: [] }], confirmation, false);
    expect(Object.keys(detail).sort()).toEqual([
      "appointmentIds",
      "currency",
      "end",
      "paid",
      "services",
      "start",
      "timeZone",
      "totalPrice",
    ]);
  });
});
