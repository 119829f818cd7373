import { describe, expect, it } from "vitest";
import { resolveSelection } from "./service-selection.ts";

const catalogue = [
  { id: 1, parentId: null, durationInMinutes: 60, serviceDurationInMinutes: null },
  { id: 2, parentId: 1, durationInMinutes: 15, serviceDurationInMinutes: null },
  { id: 3, parentId: 1, durationInMinutes: 10, serviceDurationInMinutes: null },
  { id: 4, parentId: null, durationInMinutes: 45, serviceDurationInMinutes: 40, bufferBeforeMinutes: 10, minimumNoticeMinutes: 120 },
  { id: 5, parentId: null, durationInMinutes: 30, serviceDurationInMinutes: null, bufferBeforeMinutes: 5, bufferAfterMinutes: 15 },
  { id: 6, parentId: null, durationInMinutes: 60, serviceDurationInMinutes: null, capacity: 8, title: "Yoga class" },
  { id: 7, parentId: 6, durationInMinutes: 15, serviceDurationInMinutes: null },
];
const noRules = { bufferBeforeMinutes: 0, bufferAfterMinutes: 0 };

describe("resolveSelection", () => {
  it("sums blocked and customer-facing minutes of services and extras", () => {
    expect(resolveSelection(catalogue, [{ serviceId: 1, extraServiceIds: [2, 3] }])).toEqual({
      serviceIds: [1],
      blockedMinutes: 85,
      customerMinutes: 85,
      ...noRules,
      serviceNoticeMinutes: [null],
      capacity: 1,
    });
    expect(
      resolveSelection(catalogue, [
        { serviceId: 4, extraServiceIds: [] },
        { serviceId: 1, extraServiceIds: [] },
      ]),
    ).toEqual({
      serviceIds: [4, 1],
      blockedMinutes: 105,
      customerMinutes: 100,
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 0,
      serviceNoticeMinutes: [120, null],
      capacity: 1,
    });
  });

  it("keeps the longest buffers of the chosen services, and each one's own notice", () => {
    const both = resolveSelection(catalogue, [
      { serviceId: 4, extraServiceIds: [] },
      { serviceId: 5, extraServiceIds: [] },
    ]);
    expect(both).toMatchObject({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15, serviceNoticeMinutes: [120, null] });
  });

  it("refuses foreign services, extras of another service and duplicates", () => {
    expect(resolveSelection(catalogue, [{ serviceId: 99, extraServiceIds: [] }])).toMatch(/not offered/);
    expect(resolveSelection(catalogue, [{ serviceId: 2, extraServiceIds: [] }])).toMatch(/not offered/);
    expect(resolveSelection(catalogue, [{ serviceId: 4, extraServiceIds: [2] }])).toMatch(/does not belong/);
    expect(
      resolveSelection(catalogue, [
        { serviceId: 1, extraServiceIds: [] },
        { serviceId: 1, extraServiceIds: [] },
      ]),
    ).toMatch(/twice/);
  });

  it("books a group service alone: its places come with it, and nothing joins it", () => {
    expect(resolveSelection(catalogue, [{ serviceId: 6, extraServiceIds: [] }])).toMatchObject({ capacity: 8 });
    const refusal = "Yoga class is a group service: it is booked on its own, without other services or extras";
    expect(
      resolveSelection(catalogue, [
        { serviceId: 1, extraServiceIds: [] },
        { serviceId: 6, extraServiceIds: [] },
      ]),
    ).toBe(refusal);
    expect(resolveSelection(catalogue, [{ serviceId: 6, extraServiceIds: [7] }])).toBe(refusal);
  });
});
