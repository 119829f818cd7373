import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FirstAvailableDay,
  LoadedDay,
  LoadedDays,
  Provider,
  ServiceCategories,
  StaffMembers,
  type Service,
} from "../../src/contract/schemas/index.ts";
import { addDays } from "../../src/contract/zoned-time.ts";
import { clockOf, demoToday, expectedFirstDay, expectedStarts, expectedTimes, twelveHourClock } from "../support/expected-times.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";

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
// Each test starts from the seed, whatever the others did.
beforeEach(() => api.reset());

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
  it("fills firstAvailable with the first day that has a free time, and leaves it empty for a service no one offers", () => {
    expect(service("Women's haircut").firstAvailable).toBe(expectedFirstDay("demo-salon", 60).iso);
    expect(service("Full color").firstAvailable).toBe(expectedFirstDay("demo-salon", 120).iso);
    expect(service("Perm").firstAvailable).toBeNull();
  });

  it("answers the day's hours in the provider's zone and 12-hour clock, ending after services plus extras", async () => {
    const womens = service("Women's haircut");
    const [wash, conditioning] = womens.children;
    // 60 minutes plus 15 and 10 of extras: the first day with 85 free minutes.
    const expected = expectedFirstDay("demo-salon", 85);
    const day = await post(LoadedDay, "/Appointment/availableHours", {
      ...dateParts(expected.iso),
      userId: salon.userId,
      serviceBookings: [{ serviceId: womens.id, extraServiceIds: [wash!.id, conditioning!.id] }],
    });
    expect(day.id).toBe(expected.iso);
    expect(day.hoursToBook.map((x) => x.backendLabel)).toEqual(expected.times);
    const starts = expectedStarts("demo-salon", expected.iso, 85);
    const later = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
    day.hoursToBook.forEach((hour, i) => {
      expect(hour.label).toBe(twelveHourClock(starts[i]!, salon.timeZone));
      expect(hour.appointmentEndLabel).toBe(twelveHourClock(later(starts[i]!, 85), salon.timeZone));
      expect(hour.customerAppointmentEndLabel).toBe(twelveHourClock(later(starts[i]!, 85), salon.timeZone));
    });
  });

  it("tells the customer-facing end apart from the blocked end (clinic, 24-hour clock)", async () => {
    const [category] = v.parse(ServiceCategories, await (await api.request(`/Service/asAnonymous?userId=${clinic.userId}`)).json());
    const physio = category!.services.find((s) => s.title === "Physiotherapy")!;
    const day = await post(LoadedDay, "/Appointment/availableHours", {
      ...dateParts(physio.firstAvailable!),
      userId: clinic.userId,
      serviceBookings: [{ serviceId: physio.id }],
    });
    // Slots follow the clinic's 30-minute distribution, from 08:00 and ending by 16:00.
    const starts = expectedStarts("demo-clinic", physio.firstAvailable!, 45);
    expect(day.hoursToBook.map((x) => x.backendLabel)).toEqual(starts.map((start) => clockOf(start, clinic.timeZone)));
    const minutesLater = (start: Date, minutes: number) => clockOf(new Date(start.getTime() + minutes * 60_000), clinic.timeZone);
    day.hoursToBook.forEach((hour, i) => {
      expect(hour.label).toBe(hour.backendLabel);
      expect(hour.customerAppointmentEndLabel).toBe(minutesLater(starts[i]!, 40));
      expect(hour.appointmentEndLabel).toBe(minutesLater(starts[i]!, 45));
    });
  });

  it("answers a whole month merged by day id, and the same first day as the catalogue", async () => {
    const womens = service("Women's haircut");
    const body = { ...dateParts(womens.firstAvailable!), userId: salon.userId, serviceBookings: [{ serviceId: womens.id }] };
    const month = await post(LoadedDays, "/Appointment/availableHours/month", body);
    expect(month[0]!.id).toBe(`${womens.firstAvailable!.slice(0, 7)}-01`);
    // Every day of the month, each with the times an empty calendar has (today's from now on).
    const [year, monthNumber] = womens.firstAvailable!.split("-").map(Number) as [number, number];
    const days = Array.from(
      { length: new Date(Date.UTC(year, monthNumber, 0)).getUTCDate() },
      (_, i) => `${womens.firstAvailable!.slice(0, 8)}${String(i + 1).padStart(2, "0")}`,
    );
    expect(month.map((d) => d.id)).toEqual(days);
    for (const day of month)
      expect(
        day.hoursToBook.map((h) => h.backendLabel),
        day.id,
      ).toEqual(expectedTimes("demo-salon", day.id, 60));
    const first = await post(FirstAvailableDay, "/Appointment/firstAvailableHourDay", body);
    expect(first?.iso).toBe(womens.firstAvailable);
    const cached = await post(LoadedDay, "/appointment/availableHours/cache", body);
    expect(cached.hoursToBook).toEqual(month.find((d) => d.id === womens.firstAvailable)!.hoursToBook);
  });

  it("reads a booking page for the host page's data island exactly as User/ByUser and Service/asAnonymous answer it", async () => {
    const answer = async (path: string) => (await api.request(path)).json();
    const page = JSON.parse(JSON.stringify(await api.bookingPage("demo-salon")));
    expect(page).toEqual({
      provider: await answer("/User/ByUser/demo-salon"),
      services: await answer(`/Service/asAnonymous?userId=${salon.userId}`),
    });
    expect(await api.bookingPage("no-such-page")).toBeNull();
  });

  it("answers null for the first day of a service no one offers", async () => {
    const body = { ...dateParts(demoToday("demo-salon")), userId: salon.userId, serviceBookings: [{ serviceId: service("Perm").id }] };
    expect(await post(FirstAvailableDay, "/Appointment/firstAvailableHourDay", body)).toBeNull();
  });

  it("gives staff their next available time; Jamie, on vacation today, is currently unavailable", async () => {
    const staff = await post(StaffMembers, `/StaffMember/asAnonymous/${salon.userId}`, {
      serviceBookings: [{ serviceId: service("Men's haircut").id }],
    });
    const byName = Object.fromEntries(staff.map((s) => [s.fullName, s.nextAvailable]));
    const firstStart = expectedStarts("demo-salon", expectedFirstDay("demo-salon", 30).iso, 30)[0]!.toISOString();
    expect(byName).toEqual({ "Alex Morgan": firstStart, "Sam Rivera": firstStart, "Jamie Chen": null });
    // Jamie can still be booked after the vacation (today to today+13), on the calendar:
    // the first day searched from today is the first open day after it.
    const vacationEnd = addDays(demoToday("demo-salon"), 13);
    const body = {
      ...dateParts(addDays(vacationEnd, 3)),
      userId: salon.userId,
      serviceBookings: [{ serviceId: service("Men's haircut").id }],
      staffMemberId: staff.find((s) => s.fullName === "Jamie Chen")!.id,
    };
    const first = await post(FirstAvailableDay, "/Appointment/firstAvailableHourDay", body);
    expect(first!.iso).toBe(expectedFirstDay("demo-salon", 30, TEST_NOW, addDays(vacationEnd, 1)).iso);
  });

  it("stops offering a time once every qualified staff member is booked then", async () => {
    const mens = service("Men's haircut");
    const body = { ...dateParts(mens.firstAvailable!), userId: salon.userId, serviceBookings: [{ serviceId: mens.id }] };
    const before = await post(LoadedDay, "/Appointment/availableHours", body);
    const taken = before.hoursToBook[0]!;
    const staff = await api.db.query<{ id: number }>("SELECT id FROM staff_members WHERE provider_id = $1", [salon.userId]);
    const [{ start }] = (await api.db.query<{ start: Date }>(`SELECT (($1::date + $2::time) AT TIME ZONE $3) AS start`, [
      taken.date,
      taken.backendLabel,
      salon.timeZone,
    ])) as [{ start: Date }];
    for (const { id } of staff) {
      await api.db.query(
        `INSERT INTO appointments (provider_id, staff_member_id, starts_at, ends_at) VALUES ($1, $2, $3, $3::timestamptz + interval '30 minutes')`,
        [salon.userId, id, start],
      );
    }
    const after = await post(LoadedDay, "/Appointment/availableHours", body);
    expect(after.hoursToBook.map((h) => h.backendLabel)).not.toContain(taken.backendLabel);
    // With one staff member free again, the time is back, for that person only.
    await api.db.query("UPDATE appointments SET status = 'cancelled' WHERE provider_id = $1 AND staff_member_id = $2", [
      salon.userId,
      staff[1]!.id,
    ]);
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
      [
        {
          ...good,
          serviceBookings: [{ serviceId: service("Men's haircut").id, extraServiceIds: [service("Women's haircut").children[0]!.id] }],
        },
        /does not belong/,
      ],
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
