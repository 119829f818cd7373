import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { allows, OWNER_ROLE, RoleSchema } from "./access.ts";

const viewOnly = {
  ...OWNER_ROLE,
  name: "View only",
  appointments: "read",
  settings: "none",
  statistics: "none",
  administration: "none",
} as const;

describe("allows", () => {
  it("lets ReadWrite read and write, Read only read, None nothing", () => {
    expect(allows(OWNER_ROLE, "settings", "readWrite")).toBe(true);
    expect(allows(OWNER_ROLE, "settings", "read")).toBe(true);
    expect(allows(viewOnly, "appointments", "read")).toBe(true);
    expect(allows(viewOnly, "appointments", "readWrite")).toBe(false);
    expect(allows(viewOnly, "settings", "read")).toBe(false);
  });
});

describe("RoleSchema", () => {
  it("refuses a key it does not know, such as an owner flag, rather than dropping it", () => {
    expect(v.safeParse(RoleSchema, viewOnly).success).toBe(true);
    expect(v.safeParse(RoleSchema, { ...viewOnly, owner: true }).success).toBe(false);
    expect(v.safeParse(RoleSchema, { ...viewOnly, appointments: "all" }).success).toBe(false);
    expect(v.safeParse(RoleSchema, { ...viewOnly, name: "  " }).success).toBe(false);
  });
});
