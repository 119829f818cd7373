import { describe, expect, it } from "vitest";
import { resolveSelection } from "./service-selection.ts";

const catalogue = [
  { id: 1, parentId: null, durationInMinutes: 60, serviceDurationInMinutes: null },
  { id: 2, parentId: 1, durationInMinutes: 15, serviceDurationInMinutes: null },
  { id: 3, parentId: 1, durationInMinutes: 10, serviceDurationInMinutes: null },
  { id: 4, parentId: null, durationInMinutes: 45, serviceDurationInMinutes: 40 },
];

describe("resolveSelection", () => {
  it("sums blocked and customer-facing minutes of services and extras", () => {
    expect(resolveSelection(catalogue, [{ serviceId: 1, extraServiceIds: [2, 3] }])).toEqual({
      serviceIds: [1],
      blockedMinutes: 85,
      customerMinutes: 85,
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
    });
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
});
