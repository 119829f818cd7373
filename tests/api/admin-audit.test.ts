import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminChanges, recordAdminChange } from "../../demo/api/admin/audit/admin-audit.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let providerId: number;
let appointmentId: number;
beforeAll(async () => {
  api = await startTestApi();
  providerId = (await api.db.query<{ id: number }>(`SELECT id FROM providers ORDER BY id LIMIT 1`))[0]!.id;
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.reset();
  appointmentId = 4242; // the log names an appointment by id alone (no foreign key: it outlives a purge)
});

describe("the back office's audit log", () => {
  it("keeps a change only with the transaction that made it, and lists one appointment's entries apart", async () => {
    const owner = { providerId, accountId: 7 };
    await api.db.transaction(async (tx) => {
      await recordAdminChange(
        tx,
        owner,
        "Olivia Owner",
        { change: "appointment.move", appointmentId, details: { staffMemberId: [1, 2] } },
        api.clock.now(),
      );
    });
    await api.db
      .transaction(async (tx) => {
        await recordAdminChange(tx, owner, "Olivia Owner", { change: "appointment.cancel", appointmentId }, api.clock.now());
        throw new Error("the change itself failed");
      })
      .catch(() => undefined);
    await api.db.transaction((tx) =>
      recordAdminChange(tx, owner, "Olivia Owner", { change: "role.create", details: { name: "Front desk" } }, api.clock.now()),
    );

    const mine = await adminChanges(api.db, providerId, { appointmentId });
    expect(mine.map((entry) => [entry.change, entry.actor, entry.details])).toEqual([
      ["appointment.move", "Olivia Owner", { staffMemberId: [1, 2] }],
    ]);
    expect((await adminChanges(api.db, providerId)).map((entry) => entry.change).sort()).toEqual(["appointment.move", "role.create"]);
    expect(await adminChanges(api.db, providerId + 1000)).toEqual([]);
  });
});
