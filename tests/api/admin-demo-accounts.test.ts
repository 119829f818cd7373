import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSignInLines } from "../../demo/api/seed/demo-accounts.ts";
import { seededOwner, seededStaff, signIn } from "../support/admin-session.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe("the demo seed's back-office people", () => {
  it("gives each page an owner and a real staff member of the page with a view-only role, and prints their sign-ins", async () => {
    const owner = await signIn(api, seededOwner("demo-clinic"));
    expect(owner.session.account.owner).toBe(true);
    const staff = await signIn(api, seededStaff("demo-clinic"));
    expect(staff.session.role).toMatchObject({
      appointments: "read",
      settings: "none",
      statistics: "none",
      administration: "none",
      scope: "own",
    });
    const [staffMember] = await api.db.query<{ providerId: number }>(
      `SELECT provider_id AS "providerId" FROM staff_members WHERE id = $1`,
      [staff.session.account.staffMemberId],
    );
    expect(staffMember?.providerId).toBe(staff.session.provider.id);
    // View only: the administration area is closed to them.
    expect((await staff.request("/admin/people")).status).toBe(403);

    const lines = await demoSignInLines(api.db, "http://localhost:8080");
    expect(lines).toContain(
      `  http://localhost:8080/demo-clinic/admin  ${seededOwner("demo-clinic").email} / ${seededOwner("demo-clinic").password}`,
    );
    expect(lines).toContain(
      `  http://localhost:8080/demo-clinic/admin  ${seededStaff("demo-clinic").email} / ${seededStaff("demo-clinic").password}`,
    );
  });
});
