import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as v from "valibot";
import { AdminAppointmentSchema, AdminCancelledSchema, AdminCustomersSchema, AdminDaySchema } from "../../src/contract/admin/day.ts";
import { REFUSALS } from "../../src/contract/refusals.ts";
import { ADMIN_REFUSALS } from "../../src/contract/admin/admin-refusals.ts";
import type { AdminAccess } from "../../demo/api/admin/admin-access.ts";
import { adminOf } from "../support/admin-stub-guard.ts";
import { payWithSimulator } from "../support/booking-helpers.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";
import { adminSite, at, type Salon, salonOf, seed, testDay, visitorBooks } from "./admin-day-salon.ts";

// Issue 59 point 4: an appointment's page and what staff do with it (cancel, move, mark
// arrived or no-show, book for a customer on the phone), each with its audit entry.
let api: TestApi;
let salon: Salon;
let who: AdminAccess | null;
let site: ReturnType<typeof adminSite>;
beforeAll(async () => {
  api = await startTestApi({ seed });
  salon = await salonOf(api);
  site = adminSite(api, () => who);
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.reset();
  who = adminOf(salon.provider.userId, { accountId: 7 });
});

const detail = async (id: number) => {
  const response = await site.get(`/admin/appointments/${id}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(AdminAppointmentSchema, await response.json());
};
const booked = async (title: string, time: string, staffId: number, contact = {}) => {
  const answer = await visitorBooks(api, salon, title, time, staffId, contact);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
/** A Color booking paid in full online through the simulator. */
const paidColor = async (time: string, staffId: number) => {
  const held = await booked("Color", time, staffId, { phone: "2125550144", name: "Paula Payer" });
  const paymentId = await payWithSimulator(api, salon.provider, held.id, held.paymentToken!);
  return { id: held.id, paymentId };
};
const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code;

describe("an appointment's page", () => {
  it("shows the customer, services and extras priced as booked, the payment with its gateway reference, its messages and history", async () => {
    const { id, paymentId } = await paidColor("10:00", salon.kari);
    const page = await detail(id);
    expect(page).toMatchObject({
      id,
      staffMember: { id: salon.kari, name: "Kari Stylist" },
      start: at("10:00"),
      end: at("11:00"),
      state: "booked",
      customer: { name: "Paula Payer", phone: "2125550144", email: "vera@example.com" },
      services: [{ title: "Color", price: 100, parentId: null, durationInMinutes: 60 }],
      price: { total: 100, currency: "USD" },
      payment: { id: paymentId, state: "paid", amount: 100, currency: "USD", gatewayReference: expect.any(String), refunds: [] },
      series: null,
      history: [],
    });
    // The receipt of the booking, to the customer's e-mail and phone.
    expect(page.messages.map((m) => m.channel).sort()).toEqual(["email", "sms"]);
  });

  it("shows its series: every occurrence with its position and state", async () => {
    const first = await booked("Haircut", "10:00", salon.kari);
    const second = await booked("Haircut", "14:00", salon.kari, { phone: "2125550188" });
    await api.db.query(
      `UPDATE appointments SET series_id = '00000000-0000-4000-8000-000000000001', series_position = CASE id WHEN $1 THEN 1 ELSE 2 END
        WHERE id = ANY($2::int[])`,
      [first.id, [first.id, second.id]],
    );
    await site.post(`/admin/appointments/${second.id}/cancel`);
    expect((await detail(first.id)).series).toEqual({
      id: "00000000-0000-4000-8000-000000000001",
      position: 1,
      occurrences: [
        { id: first.id, position: 1, start: at("10:00"), state: "booked" },
        { id: second.id, position: 2, start: at("14:00"), state: "cancelled" },
      ],
    });
  });

  it("is 404 for another provider's appointment, and for another's under own scope, never the object", async () => {
    const mine = await booked("Haircut", "10:00", salon.kari);
    const [theirs] = await api.db.query<{ id: number }>(
      `INSERT INTO appointments (provider_id, staff_member_id, starts_at, ends_at, first_name) VALUES ($1, $2, $3, $4, 'Otto Other') RETURNING id`,
      [salon.other.providerId, salon.other.staffId, at("10:00"), at("10:30")],
    );
    for (const id of [theirs!.id, 999999]) {
      const answer = await site.get(`/admin/appointments/${id}`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain("Otto");
    }
    who = adminOf(salon.provider.userId, { staffMemberId: salon.ola, role: { name: "Stylist", scope: "own" } });
    expect((await site.get(`/admin/appointments/${mine.id}`)).status).toBe(404);
    expect((await site.post(`/admin/appointments/${mine.id}/cancel`)).status).toBe(404);
    // Their own appointment they may move, but not into a colleague's column.
    const olas = await booked("Haircut", "14:00", salon.ola, { phone: "2125550188" });
    expect((await site.post(`/admin/appointments/${olas.id}/move`, { start: at("10:00"), staffMemberId: salon.kari })).status).toBe(404);
    expect((await site.post(`/admin/appointments/${olas.id}/move`, { start: at("09:00"), staffMemberId: salon.ola })).status).toBe(200);
  });

  it("hides the customer's phone and e-mail, and the messages' recipients, from a role that hides contacts", async () => {
    const { id } = await booked("Haircut", "10:00", salon.kari);
    who = adminOf(salon.provider.userId, { role: { name: "Front desk", hideContacts: true } });
    const text = await (await site.get(`/admin/appointments/${id}`)).text();
    expect(text).toContain("Vera Visitor");
    expect(text).not.toMatch(/2125550177|vera@example|"phone":|"email":/);
  });
});

describe("cancel", () => {
  it("refunds what was paid online in full, as appointments:cancel does, and the refund reaches the gateway", async () => {
    const { id } = await paidColor("10:00", salon.kari);
    const response = await site.post(`/admin/appointments/${id}/cancel`);
    expect(response.status).toBe(200);
    expect(v.parse(AdminCancelledSchema, await response.json())).toMatchObject({
      appointment: { id, state: "cancelled" },
      refund: { amount: 100, currency: "USD" },
    });
    expect(await api.refunds.refundDue()).toMatchObject({ refunded: 1 });
    const page = await detail(id);
    expect(page.state).toBe("cancelled");
    expect(page.payment).toMatchObject({ state: "refunded", refunds: [{ amount: 100, state: "done", reason: "cancelled-by-provider" }] });
    expect(page.history).toEqual([
      expect.objectContaining({
        actor: "Account 7",
        change: "appointment.cancel",
        details: { status: ["booked", "cancelled"], refund: "100.00 USD" },
      }),
    ]);
    // The customer is told of the cancel and, once it is made, of the refund.
    const texts = (await api.outbox("2125550144")).map((m) => m.body);
    expect(texts.some((t) => /cancel/i.test(t))).toBe(true);
    expect(texts.some((t) => /refund/i.test(t))).toBe(true);
    // Said once: a second cancel is refused with its reason, and the time is free again in the day.
    expect(await codeOf(await site.post(`/admin/appointments/${id}/cancel`))).toBe("appointment-cancelled");
    const day = v.parse(AdminDaySchema, await (await site.get(`/admin/day?date=${testDay}`)).json());
    expect(day.columns.flatMap((c) => c.days[0]!.appointments)).toEqual([]);
  });

  it("refuses a booking still waiting for its payment, and one that is over", async () => {
    const held = await booked("Color", "10:00", salon.kari);
    const response = await site.post(`/admin/appointments/${held.id}/cancel`);
    expect(response.status).toBe(ADMIN_REFUSALS["awaiting-payment"].status);
    expect(await codeOf(response)).toBe("awaiting-payment");
    const haircut = await booked("Haircut", "13:00", salon.kari);
    api.clock.set(at("14:00"));
    expect(await codeOf(await site.post(`/admin/appointments/${haircut.id}/cancel`))).toBe("appointment-over");
  });

  it("takes a JSON object with no keys, and refuses any key", async () => {
    const { id } = await booked("Haircut", "10:00", salon.kari);
    expect((await site.post(`/admin/appointments/${id}/cancel`, { refund: 0 })).status).toBe(400);
    expect((await site.post(`/admin/appointments/${id}/cancel`, {})).status).toBe(200);
  });
});

describe("move", () => {
  it("moves to another time and staff member's column, tells the customer, and keeps the change in the history", async () => {
    const { id } = await booked("Haircut", "10:00", salon.kari);
    const response = await site.post(`/admin/appointments/${id}/move`, { start: at("14:00"), staffMemberId: salon.ola });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({
      appointment: {
        id,
        staffMemberId: salon.ola,
        start: at("14:00"),
        end: at("15:00"),
        blocked: { start: at("14:00"), end: at("15:15") },
      },
    });
    const page = await detail(id);
    expect(page.history).toEqual([
      expect.objectContaining({
        change: "appointment.move",
        details: { start: [at("10:00"), at("14:00")], staffMemberId: [salon.kari, salon.ola] },
      }),
    ]);
    expect((await api.outbox("2125550177")).map((m) => m.subject)).toContain("Day Salon: appointment moved");
    // The old time is free again: a visitor can book it.
    expect((await visitorBooks(api, salon, "Haircut", "10:00", salon.kari, { phone: "2125550188" })).status).toBe(200);
  });

  it("refuses a time taken meanwhile with 409 occupied, and one in a break or outside the hours with 400", async () => {
    const { id } = await booked("Haircut", "10:00", salon.kari);
    await booked("Haircut", "14:00", salon.ola, { phone: "2125550188" });
    const taken = await site.post(`/admin/appointments/${id}/move`, { start: at("14:30"), staffMemberId: salon.ola });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ code: "occupied", message: REFUSALS.occupied.message });
    for (const start of [at("12:00"), at("16:30"), at("07:00")]) {
      const response = await site.post(`/admin/appointments/${id}/move`, { start, staffMemberId: salon.kari });
      expect(response.status, start).toBe(400);
    }
    expect((await detail(id)).start).toBe(at("10:00"));
  });

  it("refuses another provider's staff member (404) and a key the move does not take (400)", async () => {
    const { id } = await booked("Haircut", "10:00", salon.kari);
    expect((await site.post(`/admin/appointments/${id}/move`, { start: at("14:00"), staffMemberId: salon.other.staffId })).status).toBe(
      404,
    );
    expect(
      (await site.post(`/admin/appointments/${id}/move`, { start: at("14:00"), staffMemberId: salon.ola, providerId: 1 })).status,
    ).toBe(400);
    expect((await site.post(`/admin/appointments/${id}/move`, { start: "14:00", staffMemberId: salon.ola })).status).toBe(400);
  });
});

describe("arrived and no-show", () => {
  it("marks a no-show once the time has begun, shows it in the day, and writes the history", async () => {
    const { id } = await booked("Haircut", "10:00", salon.kari);
    const early = await site.post(`/admin/appointments/${id}/attendance`, { attendance: "noShow" });
    expect(await codeOf(early)).toBe("too-early-to-mark");
    api.clock.set(at("10:20"));
    const response = await site.post(`/admin/appointments/${id}/attendance`, { attendance: "noShow" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ appointment: { id, state: "noShow" } });
    await site.post(`/admin/appointments/${id}/attendance`, { attendance: "arrived" });
    const page = await detail(id);
    expect(page.state).toBe("arrived");
    expect(page.history.map((entry) => entry.details)).toEqual([{ attendance: ["no-show", "arrived"] }, { attendance: [null, "no-show"] }]);
    expect((await site.post(`/admin/appointments/${id}/attendance`, { attendance: "late" })).status).toBe(400);
  });
});

describe("a booking for a customer on the phone", () => {
  it("finds the customer by name or phone, books them without verification or payment, and sends the receipt", async () => {
    for (const query of ["nora", "5550123", "(212) 555-0123"]) {
      const found = v.parse(AdminCustomersSchema, await (await site.get(`/admin/customers?query=${encodeURIComponent(query)}`)).json());
      expect(found.customers, query).toEqual([
        { id: salon.customerId, name: "Nora Regular", phone: "2125550123", email: "nora@example.com" },
      ]);
    }
    // A wildcard is a character like any other; another provider's customers are not found.
    expect(await (await site.get("/admin/customers?query=%25%25")).json()).toEqual({ customers: [] });
    expect(await (await site.get("/admin/customers?query=Otto")).json()).toEqual({ customers: [] });

    // A role that hides contacts finds by name only, and sees no contact.
    who = adminOf(salon.provider.userId, { role: { name: "Front desk", hideContacts: true } });
    expect(await (await site.get("/admin/customers?query=nora")).json()).toEqual({
      customers: [{ id: salon.customerId, name: "Nora Regular" }],
    });
    expect(await (await site.get("/admin/customers?query=5550123")).json()).toEqual({ customers: [] });
    who = adminOf(salon.provider.userId);
    const response = await site.post("/admin/appointments", {
      staffMemberId: salon.kari,
      start: at("13:00"),
      services: [{ serviceId: salon.services.Color!.id }],
      customer: { id: salon.customerId },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    const { appointment } = (await response.json()) as { appointment: { id: number; state: string } };
    // A service paid online in the widget is booked at once here: the payment is for the salon to take.
    expect(appointment.state).toBe("booked");
    const page = await detail(appointment.id);
    expect(page).toMatchObject({ customer: { accountId: salon.customerId, name: "Nora Regular" }, price: { total: 100 }, payment: null });
    expect(page.history).toEqual([expect.objectContaining({ change: "appointment.create" })]);
    expect((await api.outbox("2125550123")).map((m) => m.subject)).toEqual([expect.stringMatching(/Day Salon/)]);
  });

  it("makes a new customer, priced by the server: a price, an amount or another provider's customer in the body is refused", async () => {
    const booking = { staffMemberId: salon.ola, start: at("09:00"), services: [{ serviceId: salon.services.Haircut!.id }] };
    for (const body of [
      { ...booking, customer: { name: "Nils New", phone: "2125550111" }, price: -50 },
      { ...booking, customer: { name: "Nils New", phone: "2125550111" }, services: [{ serviceId: salon.services.Haircut!.id, price: 0 }] },
      { ...booking, customer: { name: "Nils New", phone: "2125550111", verified: true } },
    ])
      expect((await site.post("/admin/appointments", body)).status).toBe(400);
    expect((await site.post("/admin/appointments", { ...booking, customer: { id: salon.other.customerId } })).status).toBe(404);
    const made = await site.post("/admin/appointments", {
      ...booking,
      services: [{ serviceId: salon.services.Haircut!.id, extraServiceIds: [salon.services.Haircut!.children![0]!.id] }],
      customer: { name: "Nils New", phone: "2125550111" },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { appointment } = (await made.json()) as { appointment: { id: number } };
    expect((await detail(appointment.id)).price).toEqual({ total: 60, currency: "USD" });
    const found = (await (await site.get("/admin/customers?query=Nils")).json()) as { customers: unknown[] };
    expect(found.customers).toHaveLength(1);
    // The same time again is taken.
    const again = await site.post("/admin/appointments", { ...booking, customer: { name: "Nils New", phone: "2125550111" } });
    expect(await codeOf(again)).toBe("occupied");
  });
});

describe("a role without appointments ReadWrite", () => {
  it("reads the appointment and is refused every change (403), whatever the screen shows", async () => {
    const { id } = await booked("Haircut", "10:00", salon.kari);
    who = adminOf(salon.provider.userId, { role: { name: "View only", appointments: "read" } });
    expect((await site.get(`/admin/appointments/${id}`)).status).toBe(200);
    for (const [path, body] of [
      [`/admin/appointments/${id}/cancel`, {}],
      [`/admin/appointments/${id}/move`, { start: at("14:00"), staffMemberId: salon.ola }],
      [`/admin/appointments/${id}/attendance`, { attendance: "arrived" }],
      ["/admin/appointments", { staffMemberId: salon.ola, start: at("09:00"), services: [], customer: { id: salon.customerId } }],
    ] as const)
      expect((await site.post(path, body)).status, path).toBe(403);
    expect((await detail(id)).state).toBe("booked");
  });
});
