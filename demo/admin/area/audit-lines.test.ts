import { describe, expect, it } from "vitest";
import type { AuditEntry } from "../api/area-schemas.ts";
import { detailsText, olderThan, withPage } from "./audit-lines.ts";

const entry = (id: number): AuditEntry => ({
  id,
  at: "2026-12-03T10:00:00.000Z",
  accountId: 1,
  actor: "Olga Owner",
  change: "role.update",
  appointmentId: null,
  details: {},
});

describe("the audit log's pages", () => {
  it("adds older pages after the newer, says a short page is the end, and asks before the oldest shown", () => {
    const first = withPage(null, [entry(9), entry(8)], 2);
    expect(first.more).toBe(true);
    expect(olderThan(first)).toBe(8);
    const second = withPage(first, [entry(8), entry(7)], 2);
    expect(second.entries.map((shown) => shown.id)).toEqual([9, 8, 7]);
    expect(withPage(second, [entry(6)], 2)).toMatchObject({ more: false });
    expect(olderThan(withPage(null, [], 2))).toBeUndefined();
  });

  it("words a changed field as before → after and a fact as its value", () => {
    expect(detailsText({ roleId: 4, name: ["Reception", "Front desk"], staffMemberId: [null, 2] })).toBe(
      "roleId: 4, name: Reception → Front desk, staffMemberId: – → 2",
    );
  });
});
