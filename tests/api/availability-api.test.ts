import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FirstAvailableDay, LoadedDay, LoadedDays, Provider, ServiceCategories, StaffMembers, type Service } from "../../src/api/schemas/index.ts";
import { addDays } from "../../src/time/zoned-time.ts";
import { todayIn } from "../../src/time/zoned-time.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let salon: Provider;
let clinic: Provider;
let salonServices: Service[];
beforeAll(async () => {
  api = await startTestApi();
  salon = v.parse(Provider, await (await api.request("/User/ByUser/demo-salon")).json());
  clinic = v.parse(Provider, await (await api.request("/User/ByUser/demo-clinic")).json());
  const categories = v.parse(ServiceCategories, await (await api.request(`/Service/asAnonymous?userId=${salon.userId}`)).json());
  salonServices = categories.flatMap((c) => c.services);
});
afterAll(() => api.close());

const service = (title: string) => salonServices.find((s) => s.title === title)!;
const dateParts = (iso: string) => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};
async function post<S extends v.GenericSchema>(schema: S, path: string, body: unknown): Promise<v.InferOutput<S>> {
  const response = await api.postJson(path, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(schema, await response.json());
}

describe("availability through the API", () => {
  it("fills firstAvailable within the booking horizon, and leaves it empty for a service no one offers", () => {
    const today = todayIn(salon.timeZone);
    const first = service("Women's haircut").firstAvailable!;
    expect(first >= today && first <= addDays(today, salon.maxDaysInAdvanceForBooking)).toBe(true);
    expect(service("Perm").firstAvailable).toBeNull();
  });

  it("answers the day's hours in the provider's zone and 12-hour clock, ending after services plus extras", async () => {
    const womens = service("Women's haircut");
    const [wash, conditioning] = womens.children;
    const day = await post(LoadedDay, "/Appointment/availableHours", {
      ...dateParts(womens.firstAvailable!),
      userId: salon.userId,
      serviceBookings: [{ serviceId: womens.id, extraServiceIds: [wash!.id, conditioning!.id] }],
    });
    expect(day.id).toBe(womens.firstAvailable);
    expect(day.hoursToBook.length).toBeGreaterThan(0);
    const hour = day.hoursToBook[0]!;
    expect(hour.label).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(hour.backendLabel).toMatch(/^\d{2}:\d{2}$/);
    const [h, m] = hour.backendLabel.split(":").map(Number) as [number, number];
    const end = h * 60 + m + 85;
    const endLabel = `${Math.floor(end / 60) % 12 || 12}:${String(end % 60).padStart(2, "0")} ${Math.floor(end / 60) < 12 ? "AM" : "PM"}`;
    expect(hour.appointmentEndLabel).toBe(endLabel);
    expect(hour.customerAppointmentEndLabel).toBe(endLabel);
  });

  it("tells the customer-facing end apart from the blocked end (clinic, 24-hour clock)", async () => {
    const [category] = v.parse(ServiceCategories, await (await api.request(`/Service/asAnonymous?userId=${clinic.userId}`)).json());
    const physio = category!.services.find((s) => s.title === "Physiotherapy")!;
    const day = await post(LoadedDay, "/Appointment/availableHours", {
      ...dateParts(physio.firstAvailable!),
      userId: clinic.userId,
      serviceBookings: [{ serviceId: physio.id }],
    });
    const hour = day.hoursToBook[0]!;
    expect(hour.label).toBe(hour.backendLabel);
    const [h, m] = hour.backendLabel.split(":").map(Number) as [number, number];
    const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    expect(hour.customerAppointmentEndLabel).toBe(clock(h * 60 + m + 40));
    expect(hour.appointmentEndLabel).toBe(clock(h * 60 + m + 45));
    // Slots follow the clinic's 30-minute distribution.
    expect(new Set(day.hoursToBook.map((x) => x.backendLabel.slice(3)))).toEqual(new Set(["00", "30"]));
  });

  it("answers a whole month merged by day id, and the same first day as the catalogue", async () => {
    const womens = service("Women's haircut");
    const body = { ...dateParts(womens.firstAvailable!), userId: salon.userId, serviceBookings: [{ serviceId: womens.id }] };
    const month = await post(LoadedDays, "/Appointment/availableHours/month", body);
    expect(month[0]!.id).toBe(`${womens.firstAvailable!.slice(0, 7)}-01`);
    expect(month.find((d) => d.id === womens.firstAvailable)!.hoursToBook.length).toBeGreaterThan(0);
    const first = await post(FirstAvailableDay, "/Appointment/firstAvailableHourDay", body);
    expect(first?.iso).toBe(womens.firstAvailable);
    const cached = await post(LoadedDay, "/appointment/availableHours/cache", body);
    expect(cached.hoursToBook).toEqual(month.find((d) => d.id === womens.firstAvailable)!.hoursToBook);
  });

  it("answers null for the first day of a service no one offers", async () => {
    const body = { ...dateParts(todayIn(salon.timeZone)), userId: salon.userId, serviceBookings: [{ serviceId: service("Perm").id }] };
    expect(await post(FirstAvailableDay, "/Appointment/firstAvailableHourDay", body)).toBeNull();
  });

  it("gives staff their next available time; Jamie, on vacation today, is currently unavailable", async () => {
    const staff = await post(StaffMembers, `/StaffMember/asAnonymous/${salon.userId}`, { serviceBookings: [{ serviceId: service("Men's haircut").id }] });
    const byName = Object.fromEntries(staff.map((s) => [s.fullName, s.nextAvailable]));
    expect(byName["Alex Morgan"]).not.toBeNull();
    expect(byName["Sam Rivera"]).not.toBeNull();
    expect(byName["Jamie Chen"]).toBeNull();
    // Jamie can still be booked after the vacation, on the calendar.
    const afterVacation = addDays(todayIn(salon.timeZone), 16);
    const body = { ...dateParts(afterVacation), userId: salon.userId, serviceBookings: [{ serviceId: service("Men's haircut").id }], staffMemberId: staff.find((s) => s.fullName === "Jamie Chen")!.id };
    const first = await post(FirstAvailableDay, "/Appointment/firstAvailableHourDay", body);
    expect(first!.iso > addDays(todayIn(salon.timeZone), 13)).toBe(true);
  });

  it("stops offering a time once every qualified staff member is booked then", async () => {
    const mens = service("Men's haircut");
    const body = { ...dateParts(mens.firstAvailable!), userId: salon.userId, serviceBookings: [{ serviceId: mens.id }] };
    const before = await post(LoadedDay, "/Appointment/availableHours", body);
    const taken = before.hoursToBook[0]!;
    const staff = await api.db.query<{ id: number }>("SELECT id FROM staff_members WHERE provider_id = $1", [salon.userId]);
    const [{ start }] = (await api.db.query<{ start: Date }>(
      `SELECT (($1::date + $2::time) AT TIME ZONE $3) AS start`,
      [taken.date, taken.backendLabel, salon.timeZone],
    )) as [{ start: Date }];
    for (const { id } of staff) {
      await api.db.query(
        `INSERT INTO appointments (provider_id, staff_member_id, starts_at, ends_at) VALUES ($1, $2, $3, $3::timestamptz + interval '30 minutes')`,
        [salon.userId, id, start],
      );
    }
    const after = await post(LoadedDay, "/Appointment/availableHours", body);
    expect(after.hoursToBook.map((h) => h.backendLabel)).not.toContain(taken.backendLabel);
    // With one staff member free again, the time is back, for that person only.
    await api.db.query("UPDATE appointments SET status = 'cancelled' WHERE provider_id = $1 AND staff_member_id = $2", [salon.userId, staff[1]!.id]);
    const withSam = await post(LoadedDay, "/Appointment/availableHours", { ...body, staffMemberId: staff[1]!.id });
    expect(withSam.hoursToBook.map((h) => h.backendLabel)).toContain(taken.backendLabel);
    const withAlex = await post(LoadedDay, "/Appointment/availableHours", { ...body, staffMemberId: staff[0]!.id });
    expect(withAlex.hoursToBook.map((h) => h.backendLabel)).not.toContain(taken.backendLabel);
    await api.db.query("DELETE FROM appointments WHERE provider_id = $1", [salon.userId]);
  });

  it("answers 400 with a message for malformed availability requests", async () => {
    const good = { year: 2026, month: 12, day: 1, userId: salon.userId, serviceBookings: [{ serviceId: service("Men's haircut").id }] };
    const bad: [unknown, RegExp][] = [
      ["nope", /JSON/],
      [{ ...good, day: 32 }, /day/],
      [{ ...good, month: 2, day: 31 }, /Invalid date 2026-02-31/],
      [{ ...good, serviceBookings: [] }, /serviceBookings/],
      [{ ...good, serviceBookings: [{ serviceId: 999999 }] }, /not offered/],
      [{ ...good, serviceBookings: [{ serviceId: service("Men's haircut").id, extraServiceIds: [service("Women's haircut").children[0]!.id] }] }, /does not belong/],
      [{ ...good, staffMemberId: 999999 }, /does not work here/],
      [{ ...good, userId: "1" }, /userId/],
    ];
    for (const [body, message] of bad) {
      const response = await api.postJson("/Appointment/availableHours", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).message, JSON.stringify(body)).toMatch(message);
    }
    expect((await api.postJson("/Appointment/availableHours", { ...good, userId: 999999 })).status).toBe(404);
  });
});
