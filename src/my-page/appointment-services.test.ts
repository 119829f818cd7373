import { describe, expect, it } from "vitest";
import type { CustomerAppointment, ServiceCategory } from "../contract/schemas/index.ts";
import { widgetService } from "../../tests/support/widget-builders.ts";
import { appointmentSelections } from "./appointment-services.ts";

const service = (id: number, title: string, children: { id: number; title: string }[] = []) =>
  widgetService({
    id,
    title,
    firstAvailable: null,
    children: children.map((c) => ({ ...c, price: 50, durationInMinutes: 15, selected: false })),
  });
const categories: ServiceCategory[] = [
  {
    title: "Hair",
    services: [
      service(1, "Cut", [
        { id: 11, title: "Wash" },
        { id: 12, title: "Styling" },
      ]),
      service(2, "Colour"),
    ],
  },
  { title: "Nails", services: [service(3, "Manicure")] },
];
const appointment = (over: Partial<CustomerAppointment>): CustomerAppointment => ({
  id: 9,
  appointmentName: "",
  year: 2026,
  month: 12,
  day: 1,
  hour: 10,
  minute: 0,
  canCancel: true,
  serviceIds: [],
  paidOnline: null,
  series: null,
  ...over,
});

describe("appointmentSelections", () => {
  it("puts the booked extras under their main service", () => {
    expect(appointmentSelections(categories, appointment({ serviceIds: [1, 3, 12] }))).toEqual([
      { serviceId: 1, extraServiceIds: [12] },
      { serviceId: 3, extraServiceIds: [] },
    ]);
  });

  it("matches the services by title when the server sends no ids", () => {
    expect(appointmentSelections(categories, appointment({ appointmentName: "Cut, Wash" }))).toEqual([
      { serviceId: 1, extraServiceIds: [11] },
    ]);
    expect(appointmentSelections(categories, appointment({ appointmentName: "Colour" }))).toEqual([{ serviceId: 2, extraServiceIds: [] }]);
  });

  it("answers nothing when a service is no longer offered", () => {
    expect(appointmentSelections(categories, appointment({ serviceIds: [1, 99] }))).toEqual([]);
    expect(appointmentSelections(categories, appointment({ appointmentName: "Cut, Perm" }))).toEqual([]);
    expect(appointmentSelections(categories, appointment({ serviceIds: [11] }))).toEqual([]);
  });
});
