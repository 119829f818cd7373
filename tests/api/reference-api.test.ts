import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CompanyPages, CustomFields, Provider, ServiceCategories, StaffMembers } from "../../src/contract/schemas/index.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did.
beforeEach(() => api.reset());

async function ok<S extends v.GenericSchema>(schema: S, response: Response): Promise<v.InferOutput<S>> {
  expect(response.status).toBe(200);
  return v.parse(schema, await response.json());
}

async function salonId(): Promise<number> {
  return (await ok(Provider, await api.request("/User/ByUser/demo-salon"))).userId;
}

describe("reference API: providers", () => {
  it("answers User/ByUser/{name} with the seeded provider in the client's schema", async () => {
    const salon = await ok(Provider, await api.request("/User/ByUser/demo-salon"));
    expect(salon).toMatchObject({
      bookingLink: "demo-salon",
      companyName: "Demo Salon",
      language: "en",
      timeZone: "America/New_York",
      timeFormat: "12h",
      currency: "USD",
      defaultPhoneNumberCountryCode: 1,
      customerCanSelectStaff: true,
      multipleServices: true,
      useCustomerAccounts: true,
      verificationType: 2,
      hoursToCancel: 24,
      maxDaysInAdvanceForBooking: 60,
      appointmentDistributionInMinutes: 15,
      customerReceiptAndReminderMode: ["email", "sms"],
      onlineTransactionProvider: 1,
      customerRequiredName: true,
      customerRequiredEmail: true,
    });
    expect(salon.informationBoxText).toContain("<b>");
  });

  it("finds booking links case-insensitively", async () => {
    const frisor = await ok(Provider, await api.request("/User/ByUser/Demo-Frisor"));
    expect(frisor.companyName).toBe("Demo Frisør");
    expect(frisor.language).toBe("no");
  });

  it("answers User/{id} with the same provider", async () => {
    const id = await salonId();
    expect((await ok(Provider, await api.request(`/User/${id}`))).bookingLink).toBe("demo-salon");
  });

  it("answers 404 with a message for an unknown provider", async () => {
    for (const path of ["/User/ByUser/no-such-place", "/User/999999"]) {
      const response = await api.request(path);
      expect(response.status).toBe(404);
      expect((await response.json()).message).toMatch(/No (booking page|provider)/);
    }
  });

  it("answers 400 with a message for malformed ids and names", async () => {
    for (const path of [
      "/User/abc",
      "/User/0",
      "/User/99999999999",
      "/User/ByUser/%20bad%20name",
      "/CustomField/asAnonymous/x",
      "/StaffMember/count/-1",
    ]) {
      const response = await api.request(path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).message, path).toMatch(/^Invalid/);
    }
  });

  it("lists the company's four booking pages for Company/connect", async () => {
    const pages = await ok(CompanyPages, await api.request("/Company/connect?id=demo"));
    expect(pages).toEqual([
      { id: "demo-salon", name: "Demo Salon" },
      { id: "demo-clinic", name: "Demo Physio Clinic" },
      { id: "demo-frisor", name: "Demo Frisør" },
      { id: "demo-spa", name: "Demo Spa" },
    ]);
    expect((await api.request("/Company/connect")).status).toBe(400);
    expect((await api.request("/Company/connect?id=nobody")).status).toBe(404);
  });

  it("answers the clinic's custom fields with their optional flags", async () => {
    const clinic = await ok(Provider, await api.request("/User/ByUser/demo-clinic"));
    const fields = await ok(CustomFields, await api.request(`/CustomField/asAnonymous/${clinic.userId}`));
    expect(fields.map(({ label, optional }) => ({ label, optional }))).toEqual([
      { label: "Insurance number", optional: false },
      { label: "How did you hear about us?", optional: true },
    ]);
  });

  it("answers CORS preflights, so the widget works on providers' own sites", async () => {
    const response = await api.request("/User/ByUser/demo-salon", {
      method: "OPTIONS",
      headers: { origin: "https://salon.example", "access-control-request-method": "GET" },
    });
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("answers unknown routes with 404 and a JSON message", async () => {
    const response = await api.request("/Nope/nothing");
    expect(response.status).toBe(404);
    expect((await response.json()).message).toContain("No such API route");
  });
});

describe("reference API: catalogue and staff", () => {
  it("answers Service/asAnonymous with categories, uncategorised services and extras", async () => {
    const categories = await ok(ServiceCategories, await api.request(`/Service/asAnonymous?userId=${await salonId()}`));
    expect(categories.map((c) => c.title)).toEqual(["Hair", "", "Treatments"]);
    const hair = categories[0]!.services;
    expect(hair.map((s) => s.title)).toEqual(["Women's haircut", "Men's haircut", "Full color"]);
    expect(hair[0]!.children.map((e) => [e.title, e.durationInMinutes, e.price])).toEqual([
      ["Wash and blow-dry", 15, 15],
      ["Deep conditioning", 10, 20],
    ]);
    expect(hair[1]).toMatchObject({ price: 45, discountPrice: 39, durationInMinutes: 30 });
    expect(hair[2]).toMatchObject({ mustPayOnline: true, payOnlinePrice: 50 });
    expect(categories[1]!.services.find((s) => s.title === "Bridal styling")?.unavailableForOnlineBooking).toBe(true);
  });

  it("keeps the clinic's customer-facing duration apart from the blocked one", async () => {
    const clinic = await ok(Provider, await api.request("/User/ByUser/demo-clinic"));
    const [category] = await ok(ServiceCategories, await api.request(`/Service/asAnonymous?userId=${clinic.userId}`));
    expect(category!.services[0]).toMatchObject({ title: "Physiotherapy", durationInMinutes: 45, serviceDurationInMinutes: 40, price: 90 });
  });

  it("validates the userId of Service/asAnonymous", async () => {
    const missing = await api.request("/Service/asAnonymous");
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('Invalid query field "userId": is required');
    expect((await api.request("/Service/asAnonymous?userId=999999")).status).toBe(404);
  });

  it("counts staff members", async () => {
    expect(await (await api.request(`/StaffMember/count/${await salonId()}`)).json()).toBe(3);
  });

  it("answers only the staff who offer every chosen service", async () => {
    const id = await salonId();
    const [hair] = await ok(ServiceCategories, await api.request(`/Service/asAnonymous?userId=${id}`));
    const womens = hair!.services[0]!.id;
    const color = hair!.services[2]!.id;
    const all = await ok(StaffMembers, await api.postJson(`/StaffMember/asAnonymous/${id}`, { serviceBookings: [] }));
    expect(all.map((s) => s.fullName)).toEqual(["Alex Morgan", "Sam Rivera", "Jamie Chen"]);
    const forColor = await ok(
      StaffMembers,
      await api.postJson(`/StaffMember/asAnonymous/${id}`, { serviceBookings: [{ serviceId: color }] }),
    );
    expect(forColor.map((s) => s.fullName)).toEqual(["Alex Morgan", "Jamie Chen"]);
    const forWomens = await ok(
      StaffMembers,
      await api.postJson(`/StaffMember/asAnonymous/${id}`, { serviceBookings: [{ serviceId: womens, extraServiceIds: [] }] }),
    );
    expect(forWomens.map((s) => s.fullName)).toEqual(["Alex Morgan", "Sam Rivera", "Jamie Chen"]);
  });

  it("answers 400 for a malformed StaffMember/asAnonymous body", async () => {
    const id = await salonId();
    for (const body of ["not json", { serviceBookings: "all" }, { serviceBookings: [{ serviceId: "one" }] }]) {
      const response = await api.postJson(`/StaffMember/asAnonymous/${id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(typeof (await response.json()).message).toBe("string");
    }
  });
});

describe("reference API: seeding", () => {
  it("stores customer passwords hashed with scrypt, never in clear", async () => {
    const rows = await api.db.query<{ password_hash: string }>("SELECT password_hash FROM customer_accounts ORDER BY id");
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain("demo-1");
    }
  });

  it("puts Jamie Chen on vacation for the next 14 days", async () => {
    const [row] = await api.db.query<{ days: number }>(
      `SELECT (v.to_date - v.from_date + 1)::int AS days FROM vacation_days v JOIN staff_members m ON m.id = v.staff_member_id WHERE m.first_name = 'Jamie'`,
    );
    expect(row?.days).toBe(14);
  });
});

describe("reference API: appointments never overlap", () => {
  it("lets the database accept exactly one of 20 concurrent bookings of one staff member's slot", async () => {
    const [staff] = await api.db.query<{ id: number; providerId: number }>(
      `SELECT id, provider_id AS "providerId" FROM staff_members WHERE first_name = 'Sam'`,
    );
    const attempts = Array.from({ length: 20 }, (_, i) =>
      api.db.query(
        `INSERT INTO appointments (provider_id, staff_member_id, starts_at, ends_at, first_name)
         VALUES ($1, $2, $3, $4, $5)`,
        [staff!.providerId, staff!.id, `2030-01-07T15:${String(i).padStart(2, "0")}:00Z`, "2030-01-07T16:30:00Z", `Racer ${i}`],
      ),
    );
    const results = await Promise.allSettled(attempts);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const failure of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
      expect(String(failure.reason)).toContain("appointments_no_overlap");
    }
    // A cancelled appointment frees its time; back-to-back appointments are fine.
    await api.db.query(`UPDATE appointments SET status = 'cancelled' WHERE staff_member_id = $1`, [staff!.id]);
    await api.db.query(
      `INSERT INTO appointments (provider_id, staff_member_id, starts_at, ends_at) VALUES ($1, $2, '2030-01-07T15:00Z', '2030-01-07T16:00Z'), ($1, $2, '2030-01-07T16:00Z', '2030-01-07T17:00Z')`,
      [staff!.providerId, staff!.id],
    );
    await api.db.query(`DELETE FROM appointments WHERE staff_member_id = $1`, [staff!.id]);
  });
});
