import { describe, expect, it } from "vitest";
import { isSelected, toggleSelection } from "./service-selection.ts";

describe("multiple service selection", () => {
  it("ticks a service with its extras and unticks it when chosen again", () => {
    const ticked = toggleSelection([], { serviceId: 1, extraServiceIds: [11] });
    expect(ticked).toEqual([{ serviceId: 1, extraServiceIds: [11] }]);
    const two = toggleSelection(ticked, { serviceId: 2, extraServiceIds: [] });
    expect(two.map((s) => s.serviceId)).toEqual([1, 2]);
    expect(isSelected(two, 2)).toBe(true);
    expect(toggleSelection(two, { serviceId: 1, extraServiceIds: [] })).toEqual([{ serviceId: 2, extraServiceIds: [] }]);
    expect(isSelected(toggleSelection(two, { serviceId: 1, extraServiceIds: [] }), 1)).toBe(false);
  });

  it("books a group service on its own: ticking it unticks the rest, ticking another unticks it", () => {
    const groups = new Set([5]);
    const two = [
      { serviceId: 1, extraServiceIds: [] },
      { serviceId: 2, extraServiceIds: [] },
    ];
    const group = toggleSelection(two, { serviceId: 5, extraServiceIds: [] }, groups);
    expect(group).toEqual([{ serviceId: 5, extraServiceIds: [] }]);
    expect(toggleSelection(group, { serviceId: 1, extraServiceIds: [] }, groups)).toEqual([{ serviceId: 1, extraServiceIds: [] }]);
    expect(toggleSelection(group, { serviceId: 5, extraServiceIds: [] }, groups)).toEqual([]);
  });
});
