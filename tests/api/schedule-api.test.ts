import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Provider, ServiceCategories, VacationDays, WorkingDays } from "../../src/contract/schemas/index.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let salon: Provider;
beforeAll(async () => {
  api = await startTestApi();
  salon = v.parse(Provider, await (await api.request("/User/ByUser/demo-salon")).json());
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did.
beforeEach(() => api.reset());

describe("opening hours, vacations and the audit log", () => {
  it("answers the weekly opening hours", async () => {
    const days = v.parse(WorkingDays, await (await api.request(`/WorkingDays/all?userId=${salon.userId}`)).json());
    expect(days).toHaveLength(6);
    expect(days[0]).toEqual({ dayOfWeek: 1, openTime: "09:00", closeTime: "17:00" });
    expect(days.at(-1)).toEqual({ dayOfWeek: 6, openTime: "10:00", closeTime: "14:00" });
  });

  it("answers the vacations of the staff who offer the chosen services", async () => {
    const categories = v.parse(ServiceCategories, await (await api.request(`/Service/asAnonymous?userId=${salon.userId}`)).json());
    const all = categories.flatMap((c) => c.services);
    const color = all.find((s) => s.title === "Full color")!.id;
    const consultation = all.find((s) => s.title === "Consultation")!.id;
    const forColor = v.parse(
      VacationDays,
      await (await api.request(`/VacationDays/asAnonymous?userId=${salon.userId}&serviceIds=${color}`)).json(),
    );
    expect(forColor).toHaveLength(1); // Jamie offers every Hair service and is away
    const forConsultation = v.parse(
      VacationDays,
      await (await api.request(`/VacationDays/asAnonymous?userId=${salon.userId}&serviceIds=${consultation}`)).json(),
    );
    expect(forConsultation).toEqual([]); // only Alex offers it
  });

  it("stores an anonymous audit entry", async () => {
    const entry = {
      action: 3,
      type: 4,
      comment: "autofill",
      message: "Customer details filled from an earlier booking",
      hideForUser: true,
    };
    const response = await api.postJson(`/AuditLog/asAnonymous/${salon.userId}`, entry);
    expect(response.status).toBe(200);
    const [row] = await api.db.query<{ message: string }>("SELECT message FROM audit_log WHERE id = $1", [(await response.json()).id]);
    expect(row?.message).toBe(entry.message);
  });

  it("answers 400 for malformed queries and entries", async () => {
    expect((await api.request(`/WorkingDays/all`)).status).toBe(400);
    const list = await api.request(`/VacationDays/asAnonymous?userId=${salon.userId}&serviceIds=1;DROP`);
    expect(list.status).toBe(400);
    expect((await list.json()).message).toMatch(/serviceIds/);
    for (const body of [
      "x",
      { action: 1, type: 4, comment: "", message: "", hideForUser: false },
      { action: 3, type: 4, comment: "", message: "x".repeat(2001), hideForUser: false },
    ]) {
      expect((await api.postJson(`/AuditLog/asAnonymous/${salon.userId}`, body)).status).toBe(400);
    }
    expect(
      (await api.postJson(`/AuditLog/asAnonymous/999999`, { action: 3, type: 4, comment: "", message: "", hideForUser: false })).status,
    ).toBe(404);
  });
});
