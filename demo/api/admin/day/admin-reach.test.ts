import { describe, expect, it } from "vitest";
import { OWNER_ROLE } from "booking-widget/contract";
import { reachableStaff, reachesStaff, shownContacts } from "./admin-reach.ts";

const own = { role: { ...OWNER_ROLE, scope: "own" as const }, staffMemberId: 2 };
const hidden = { role: { ...OWNER_ROLE, hideContacts: true } };

describe("a role's reach", () => {
  it("sees everyone's columns with scope all, only its own staff member's with scope own", () => {
    expect(reachableStaff({ role: OWNER_ROLE, staffMemberId: null }, [1, 2, 3])).toEqual([1, 2, 3]);
    expect(reachableStaff(own, [1, 2, 3])).toEqual([2]);
    expect(reachableStaff({ ...own, staffMemberId: null }, [1, 2, 3])).toEqual([]);
    expect(reachesStaff(own, 1)).toBe(false);
    expect(reachesStaff(own, 2)).toBe(true);
  });

  it("drops the phone and e-mail keys for a role that hides contacts, and keeps the rest", () => {
    const customer = { name: "Nora", phone: "2125550123", email: "nora@example.com" };
    expect(shownContacts(hidden, customer)).toEqual({ name: "Nora" });
    expect(Object.keys(shownContacts(hidden, customer))).toEqual(["name"]);
    expect(shownContacts({ role: OWNER_ROLE }, customer)).toEqual(customer);
  });
});
