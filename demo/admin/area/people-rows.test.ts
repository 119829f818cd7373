import { describe, expect, it } from "vitest";
import type { Person } from "booking-widget/contract";
import { personRows, rowActions } from "./people-rows.ts";

const person = (over: Partial<Person>): Person => ({
  id: 2,
  email: "staff@example.com",
  name: "Sam Staff",
  owner: false,
  roleId: 5,
  staffMemberId: 1,
  disabled: false,
  pending: false,
  ...over,
});

describe("the people table's rows", () => {
  it("names each person's role and staff member, an owner's role as none, an unknown id as #id", () => {
    const rows = personRows(
      [
        person({ id: 1, owner: true, roleId: null, staffMemberId: null, name: "Olga" }),
        person({}),
        person({ id: 3, roleId: 9, staffMemberId: 4 }),
      ],
      [{ id: 5, name: "View only" }],
      [{ id: 1, name: "Ada" }],
    );
    expect(rows.map(({ roleName, staffName }) => [roleName, staffName])).toEqual([
      [null, null],
      ["View only", "Ada"],
      ["#9", "#4"],
    ]);
  });

  it("offers changes only to administration ReadWrite, never on oneself, and an owner only to an owner", () => {
    const [staffRow, ownerRow] = personRows([person({}), person({ id: 1, owner: true })], [], []);
    const writer = { accountId: 7, owner: false, canWrite: true };
    expect(rowActions(staffRow!, writer)).toEqual({ change: true, disable: true, endSessions: true });
    expect(rowActions(staffRow!, { ...writer, canWrite: false })).toEqual({ change: false, disable: false, endSessions: false });
    expect(rowActions(staffRow!, { ...writer, accountId: 2 })).toEqual({ change: false, disable: false, endSessions: false });
    expect(rowActions(ownerRow!, writer)).toEqual({ change: false, disable: false, endSessions: false });
    expect(rowActions(ownerRow!, { ...writer, owner: true })).toEqual({ change: false, disable: true, endSessions: true });
    expect(rowActions({ ...staffRow!, disabled: true }, writer)).toEqual({ change: false, disable: false, endSessions: false });
    expect(rowActions({ ...staffRow!, pending: true }, writer)).toEqual({ change: true, disable: true, endSessions: false });
  });
});
