import { describe, expect, it } from "vitest";
import { chosenStaff } from "./chosen-staff.ts";

describe("chosenStaff", () => {
  it("keeps the visitor's choice where visitors choose staff", () => {
    expect(chosenStaff({ customerCanSelectStaff: true }, 4)).toBe(4);
    expect(chosenStaff({ customerCanSelectStaff: true }, null)).toBeNull();
    expect(chosenStaff({ customerCanSelectStaff: true }, undefined)).toBeNull();
  });

  it("names nobody where they do not, whatever the request says", () => {
    expect(chosenStaff({ customerCanSelectStaff: false }, 4)).toBeNull();
  });
});
