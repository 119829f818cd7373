import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, fromZoned, todayIn, weekdayOf } from "../../src/contract/zoned-time.ts";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { bookingPage, bookingRequest, dateParts, hoursFor, loginToken, moveAsCustomer } from "../support/booking-helpers.ts";
import { aCategory, aCompany, aCustomer, aFixture, aProvider, aService, aStaffMember, inNewYork, openOn } from "../support/builders.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";
import { TEST_NOW } from "../support/test-clock.ts";

// Issue 42's rules on every route that reaches a booked time: the day, month and
// first-available answers, holds, bookings and moves. One therapist, so that every rule
// is hers to keep; her lunch is 12:00–12:30 Monday to Saturday, and she pauses from 13:00
// on the day after the test day.
const ZONE = inNewYork.timeZone;
const CUSTOMER = "2125550123";
const seed = aFixture(
  aCompany(
    "rules",
    "Rules Spa",
    aProvider("rules-spa", "Rules Spa", {
      ...inNewYork,
      openingHours: openOn([1, 2, 3, 4, 5, 6], "09:00", "17:00"),
      appointmentDistributionInMinutes: 15,
      minimumNoticeMinutes: 60,
      categories: [
        aCategory(
          "",
          aService("Massage", { durationInMinutes: 60, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 }),
          aService("Quick trim", { durationInMinutes: 30, minimumNoticeMinutes: 0 }),
          aService("Consultation", { durationInMinutes: 30, minimumNoticeMinutes: 24 * 60 }),
          aService("Yoga class", { durationInMinutes: 60, capacity: 3 }),
          aService("Physio series", { durationInMinutes: 45, series: { everyWeeks: [1, 2], maxOccurrences: 8 } }),
        ),
      ],
      staff: [
        aStaffMember("Kari Therapist", {
          allServices: true,
          breaks: [1, 2, 3, 4, 5, 6].map((dayOfWeek) => ({ dayOfWeek, start: "12:00", end: "12:30" })),
        }),
      ],
      customers: [aCustomer("Nora Regular", CUSTOMER, { phoneNumberCountryCode: 1 })],
    }),
  ),
);

/** The first Monday to Friday at least three days after the test's today: open, and the next day open too. */
const testDay = (() => {
  let day = addDays(todayIn(ZONE, TEST_NOW), 3);
  while (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(day, 1);
  return day;
})();
const pauseDay = addDays(testDay, 1);
seed.companies[0]!.providers[0]!.staff![0]!.pauses = [{ date: pauseDay, start: "13:00", end: "17:00" }];

let api: TestApi;
let spa: Provider;
let services: Record<string, Service>;
beforeAll(async () => {
  api = await startTestApi({ seed, trustedProxyHops: 1 });
  ({ provider: spa, services } = await bookingPage(api, "rules-spa"));
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const post = (path: string, body: unknown, address = "198.51.100.7", on: Pick<TestApi, "request"> = api) =>
  on.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(body),
  });
const times = async (title: string, iso = testDay) =>
  (await hoursFor(api, spa, services[title]!, {}, iso)).hoursToBook.map((h) => h.backendLabel);
const booking = (title: string, time: string, extra: object = {}) =>
  bookingRequest(spa, services[title]!, testDay, time, { customFields: [], ssn: "", ...extra });
const book = (title: string, time: string, address?: string, on?: Pick<TestApi, "request">, extra: object = {}) =>
  post(`/Appointment?userId=${spa.userId}`, booking(title, time, extra), address, on);
const hold = (title: string, time: string, iso = testDay, extra: object = {}) => {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return post("/Appointment/hold", {
    userId: spa.userId,
    ...dateParts(iso),
    hour,
    minute,
    serviceBookings: [{ serviceId: services[title]!.id }],
    ...extra,
  });
};
/** The clock at a wall-clock time of a date in the spa's zone. */
const clockAt = (iso: string, time: string) => api.clock.set(fromZoned(iso, time, ZONE));

describe("buffers", () => {
  it("keeps a booking's buffers out of the day's hours, its holds, bookings and moves, and tells the customer its own time", async () => {
    expect(await times("Massage")).toContain("09:00"); // its buffer before may reach past the opening
    expect((await book("Massage", "10:00")).status).toBe(200);
    // Booked 10:00–11:00, buffered 09:45–11:15 for the therapist.
    const [row] = await api.db.query<{ from: string; until: string; start: string; end: string }>(
      `SELECT to_char(blocked_from AT TIME ZONE $1, 'HH24:MI') AS "from", to_char(blocked_until AT TIME ZONE $1, 'HH24:MI') AS until,
              to_char(starts_at AT TIME ZONE $1, 'HH24:MI') AS start, to_char(ends_at AT TIME ZONE $1, 'HH24:MI') AS "end" FROM appointments`,
      [ZONE],
    );
    expect(row).toEqual({ from: "09:45", until: "11:15", start: "10:00", end: "11:00" });

    const trims = await times("Quick trim");
    expect(trims).toContain("09:15"); // ends 09:45, where the massage's buffer begins
    expect(trims).not.toContain("09:30");
    expect(trims).not.toContain("11:00");
    expect(trims).toContain("11:15");
    // A second massage needs its own 15 minutes before: 11:30 would end in the lunch's way, so 12:45.
    const massages = await times("Massage");
    expect(massages.filter((t) => t < "13:00")).toEqual(["12:45"]);
    const day = await hoursFor(api, spa, services.Massage!, {}, testDay);
    expect(day.hoursToBook.find((h) => h.backendLabel === "12:45")?.customerAppointmentEndLabel).toMatch(/^(13:45|1:45 PM)$/);

    // Every route refuses the buffer, not only the calendar.
    expect((await book("Quick trim", "11:00")).status).toBe(409);
    expect(await (await hold("Quick trim", "11:00")).json()).toMatchObject({ code: "time-taken" });
    const month = await api.postJson("/Appointment/availableHours/month", {
      userId: spa.userId,
      ...dateParts(testDay),
      serviceBookings: [{ serviceId: services["Quick trim"]!.id }],
    });
    const monthDay = ((await month.json()) as { iso: string; hoursToBook: { backendLabel: string }[] }[]).find((d) => d.iso === testDay)!;
    expect(monthDay.hoursToBook.map((h) => h.backendLabel)).toEqual(trims);
  });

  it("keeps a held time's buffers from others, and a move keeps them too", async () => {
    expect((await hold("Massage", "14:00")).status).toBe(200);
    expect(await times("Quick trim")).not.toContain("15:00"); // the hold's buffer after, 15:00–15:15
    expect(await times("Quick trim")).toContain("15:15");

    const token = await loginToken(api, spa, CUSTOMER, "test-password-1");
    const booked = await post(
      `/Appointment?userId=${spa.userId}`,
      booking("Quick trim", "09:00", { phoneNumber: CUSTOMER, customerAccountIdentificationCode: token }),
    );
    const { id } = (await booked.json()) as { id: number };
    const move = (time: string) =>
      moveAsCustomer(api, spa, { phone: CUSTOMER, token }, id, { iso: testDay, time, serviceIds: [services["Quick trim"]!.id] });
    expect((await move("13:30")).status).toBe(409); // 13:30–14:00 meets the hold's buffer before, 13:45–14:00
    expect((await move("13:15")).status).toBe(200);
    const [moved] = await api.db.query<{ until: string }>(
      "SELECT to_char(blocked_until AT TIME ZONE $2, 'HH24:MI') AS until FROM appointments WHERE id = $1",
      [id, ZONE],
    );
    expect(moved!.until).toBe("13:45");
  });

  it("lets exactly non-overlapping buffered bookings through 100 parallel requests across two processes", async () => {
    const second = await api.secondInstance();
    try {
      // Every time the empty day offers, several times over: they overlap their neighbours' buffers.
      const free = await times("Massage");
      const starts = Array.from({ length: 100 }, (_, i) => free[i % free.length]!);
      const answers = await Promise.all(starts.map((time, i) => book("Massage", time, `198.51.100.${i + 1}`, i % 2 === 0 ? api : second)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
      const overlaps = await api.db.query(
        `SELECT a.id, b.id FROM appointments a JOIN appointments b ON a.id < b.id AND a.staff_member_id = b.staff_member_id
          WHERE a.status <> 'cancelled' AND b.status <> 'cancelled' AND a.blocked_from < b.blocked_until AND b.blocked_from < a.blocked_until`,
      );
      expect(overlaps).toEqual([]);
      const [{ count }] = (await api.db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM appointments WHERE status <> 'cancelled'",
      )) as [{ count: number }];
      expect(count).toBe(statuses.filter((status) => status === 200).length);
    } finally {
      await second.close();
    }
  });
});

describe("minimum notice", () => {
  it("offers nothing sooner than the page's notice; a service's own notice overrides it, shorter or longer", async () => {
    clockAt(testDay, "08:45");
    expect((await times("Massage"))[0]).toBe("09:45"); // the page's hour
    expect((await times("Quick trim"))[0]).toBe("09:00"); // its own: none
    expect(await times("Consultation")).toEqual([]); // its own: a day
    const { services: listed } = await bookingPage(api, "rules-spa");
    expect(listed.Consultation!.firstAvailable).toBe(addDays(testDay, 1));
    const first = await api.postJson("/Appointment/firstAvailableHourDay", {
      userId: spa.userId,
      ...dateParts(testDay),
      serviceBookings: [{ serviceId: services.Consultation!.id }],
    });
    expect((await first.json()) as { iso: string }).toMatchObject({ iso: addDays(testDay, 1) });
  });

  it("refuses a time inside the notice on every route with its own code, and a past time as never bookable", async () => {
    clockAt(testDay, "08:45");
    const booked = await book("Massage", "09:30");
    expect(booked.status).toBe(409);
    expect(await booked.json()).toEqual({
      message: "This time is too close to book online now. Please choose a later time.",
      code: "too-soon",
    });
    expect(await (await hold("Massage", "09:30")).json()).toMatchObject({ code: "too-soon" });
    expect((await book("Massage", "09:45")).status).toBe(200);

    const token = await loginToken(api, spa, CUSTOMER, "test-password-1");
    const mine = await post(
      `/Appointment?userId=${spa.userId}`,
      booking("Quick trim", "15:00", { phoneNumber: CUSTOMER, customerAccountIdentificationCode: token }),
    );
    const { id } = (await mine.json()) as { id: number };
    const move = (time: string, serviceTitle = "Massage") =>
      moveAsCustomer(api, spa, { phone: CUSTOMER, token }, id, { iso: testDay, time, serviceIds: [services[serviceTitle]!.id] });
    expect(await (await move("09:00")).json()).toMatchObject({ code: "too-soon" });
    clockAt(testDay, "09:05");
    expect((await book("Massage", "09:00")).status).toBe(400); // begun already: never bookable
  });
});

describe("breaks and pauses", () => {
  it("leaves the weekly lunch and a dated pause out of every answer, and refuses a booking or hold in them", async () => {
    const trims = await times("Quick trim");
    expect(trims).toContain("11:30");
    expect(trims).not.toContain("11:45");
    expect(trims).not.toContain("12:00");
    expect(trims).not.toContain("12:15");
    expect(trims).toContain("12:30");
    expect((await times("Quick trim", pauseDay)).at(-1)).toBe("12:30");
    for (const answer of [
      await book("Quick trim", "12:00"),
      await hold("Quick trim", "12:15"),
      await hold("Quick trim", "14:00", pauseDay),
    ]) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(/cannot be booked/);
    }
  });

  it("keeps an existing booking when a break is added over it: listed, cancellable, and its time still taken", async () => {
    const token = await loginToken(api, spa, CUSTOMER, "test-password-1");
    const booked = await post(
      `/Appointment?userId=${spa.userId}`,
      booking("Quick trim", "15:00", { phoneNumber: CUSTOMER, customerAccountIdentificationCode: token }),
    );
    const { id } = (await booked.json()) as { id: number };
    await api.db.query(
      "INSERT INTO staff_breaks (staff_member_id, day_of_week, start_time, end_time) SELECT id, $1, '14:45', '15:45' FROM staff_members",
      [weekdayOf(testDay)],
    );
    const mine = await (await api.request(`/Customer/FetchByToken/${token}/${spa.userId}/${CUSTOMER}`)).json();
    expect((mine.appointments as { id: number }[]).map((a) => a.id)).toEqual([id]);
    expect(await times("Quick trim")).not.toContain("15:00");
    const cancelled = await api.request(
      `/Appointment/cancelByCustomer?appointmentId=${id}&customerToken=${token}&phoneNumber=${CUSTOMER}&userId=${spa.userId}`,
      { method: "POST" },
    );
    expect(cancelled.status).toBe(200);
    expect(await times("Quick trim")).not.toContain("15:00"); // the break stays
  });
});

describe("group places", () => {
  const placesAt = async (time: string) => {
    const day = await hoursFor(api, spa, services["Yoga class"]!, {}, testDay);
    const hour = day.hoursToBook.find((h) => h.backendLabel === time);
    return hour && { placesLeft: hour.placesLeft, places: hour.places };
  };

  it("counts places down as visitors hold and book, hides a full time, and gives a place back on a cancel or a move", async () => {
    expect(services["Yoga class"]!.capacity).toBe(3);
    expect(await placesAt("10:00")).toEqual({ placesLeft: 3, places: 3 });
    expect((await book("Yoga class", "10:00", "198.51.100.1")).status).toBe(200);
    expect(await placesAt("10:00")).toEqual({ placesLeft: 2, places: 3 });
    // A one-to-one service cannot take the session's time, nor one overlapping it.
    expect(await times("Quick trim")).not.toContain("10:30");
    expect(await times("Yoga class")).not.toContain("10:30");

    const held = await hold("Yoga class", "10:00");
    expect(held.status).toBe(200);
    const { holdToken } = (await held.json()) as { holdToken: string };
    expect(await placesAt("10:00")).toEqual({ placesLeft: 1, places: 3 });
    const token = await loginToken(api, spa, CUSTOMER, "test-password-1");
    const mine = await book("Yoga class", "10:00", "198.51.100.2", api, {
      phoneNumber: CUSTOMER,
      customerAccountIdentificationCode: token,
    });
    expect(mine.status).toBe(200);
    const { id } = (await mine.json()) as { id: number };
    expect(await placesAt("10:00")).toBeUndefined(); // full: two booked, one held
    expect(await (await book("Yoga class", "10:00", "198.51.100.3")).json()).toMatchObject({ code: "occupied" });
    expect(await (await hold("Yoga class", "10:00")).json()).toMatchObject({ code: "time-taken" });
    // The holder still has their place.
    expect((await book("Yoga class", "10:00", "198.51.100.4", api, { holdToken })).status).toBe(200);

    // The customer moves to 11:00: a place at 10:00 comes back, one at 11:00 is taken.
    const moved = await moveAsCustomer(api, spa, { phone: CUSTOMER, token }, id, {
      iso: testDay,
      time: "11:00",
      serviceIds: [services["Yoga class"]!.id],
    });
    expect(moved.status).toBe(200);
    expect(await placesAt("10:00")).toEqual({ placesLeft: 1, places: 3 });
    expect(await placesAt("11:00")).toEqual({ placesLeft: 2, places: 3 });
    const cancelled = await api.request(
      `/Appointment/cancelByCustomer?appointmentId=${id}&customerToken=${token}&phoneNumber=${CUSTOMER}&userId=${spa.userId}`,
      { method: "POST" },
    );
    expect(cancelled.status).toBe(200);
    expect(await placesAt("11:00")).toEqual({ placesLeft: 3, places: 3 });
  });

  it("refuses a group service with another service or an extra, on every route, with a clear message", async () => {
    const both = [{ serviceId: services["Yoga class"]!.id }, { serviceId: services["Quick trim"]!.id }];
    const message = "Yoga class is a group service: it is booked on its own, without other services or extras";
    const hours = await api.postJson("/Appointment/availableHours", { userId: spa.userId, ...dateParts(testDay), serviceBookings: both });
    expect(hours.status).toBe(400);
    expect(((await hours.json()) as { message: string }).message).toBe(message);
    const booked = await post(`/Appointment?userId=${spa.userId}`, booking("Yoga class", "10:00", { serviceBookings: both }));
    expect(booked.status).toBe(400);
    expect(((await booked.json()) as { message: string }).message).toBe(`Invalid booking: ${message}`);
    const held = await post("/Appointment/hold", { userId: spa.userId, ...dateParts(testDay), hour: 10, minute: 0, serviceBookings: both });
    expect(held.status).toBe(400);
  });

  it("gives the last place to exactly one of 200 parallel bookings across two processes", async () => {
    expect((await book("Yoga class", "15:00", "198.51.100.1")).status).toBe(200);
    expect((await book("Yoga class", "15:00", "198.51.100.2")).status).toBe(200);
    const second = await api.secondInstance();
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => book("Yoga class", "15:00", `203.0.113.${(i % 250) + 1}`, i % 2 === 0 ? api : second)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
      const [{ count }] = (await api.db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM appointments WHERE status <> 'cancelled' AND session_key LIKE '%@%'",
      )) as [{ count: number }];
      expect(count).toBe(3);
    } finally {
      await second.close();
    }
  });
});

describe("series", () => {
  const physio = () => services["Physio series"]!;
  const weeks = (n: number) => addDays(testDay, 7 * n);
  const preview = (body: object = {}) =>
    post("/Appointment/series", {
      userId: spa.userId,
      ...dateParts(testDay),
      hour: 10,
      minute: 0,
      serviceBookings: [{ serviceId: physio().id }],
      everyWeeks: 1,
      occurrences: 6,
      ...body,
    });
  const occurrence = (iso: string, time = "10:00") => {
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    return { ...dateParts(iso), hour, minute };
  };
  const bookSeries = (occurrences: object[], extra: object = {}, address = "198.51.100.20", on: Pick<TestApi, "request"> = api) =>
    post(
      `/Appointment?userId=${spa.userId}`,
      booking("Physio series", "10:00", { series: { everyWeeks: 1, occurrences }, ...extra }),
      address,
      on,
    );
  const liveSeriesRows = async () =>
    (
      await api.db.query<{ count: number }>(
        "SELECT count(*)::int AS count FROM appointments WHERE series_id IS NOT NULL AND status = 'confirmed'",
      )
    )[0]!.count;

  it("previews each occurrence at the same local time with one staff member, and a taken one with the nearest free times", async () => {
    expect(physio().series).toEqual({ everyWeeks: [1, 2], maxOccurrences: 8 });
    // Someone else has week 3 at 10:00.
    expect(
      (await post(`/Appointment?userId=${spa.userId}`, bookingRequest(spa, physio(), weeks(3), "10:00", { customFields: [], ssn: "" })))
        .status,
    ).toBe(200);
    const answer = await preview();
    expect(answer.status).toBe(200);
    const { occurrences, staffMemberId } = (await answer.json()) as {
      staffMemberId: number;
      occurrences: { date: string; backendLabel: string; state: string; alternatives: { backendLabel: string }[] }[];
    };
    expect(staffMemberId).toEqual(expect.any(Number));
    expect(occurrences.map((o) => o.date)).toEqual([0, 1, 2, 3, 4, 5].map(weeks));
    expect(occurrences.map((o) => o.state)).toEqual(["free", "free", "free", "taken", "free", "free"]);
    expect(occurrences[3]!.alternatives.map((a) => a.backendLabel)).toEqual(["09:15", "10:45", "09:00"]);
  });

  it("books every occurrence in one go with one receipt listing them, and My Page cancels one or the rest", async () => {
    const token = await loginToken(api, spa, CUSTOMER, "test-password-1");
    const mine = { phoneNumber: CUSTOMER, customerAccountIdentificationCode: token, emailAddress: "nora@example.com" };
    const answer = await bookSeries(
      [1, 2, 3, 4, 5].map((n) => occurrence(weeks(n))),
      mine,
    );
    expect(answer.status).toBe(200);
    const booked = (await answer.json()) as { id: number; seriesAppointmentIds: number[] };
    expect(booked.seriesAppointmentIds).toHaveLength(6);
    expect(booked.seriesAppointmentIds[0]).toBe(booked.id);
    const rows = await api.db.query<{ staff: number; local: string }>(
      `SELECT staff_member_id AS staff, to_char(starts_at AT TIME ZONE $1, 'YYYY-MM-DD HH24:MI') AS local FROM appointments
        WHERE series_id IS NOT NULL ORDER BY series_position`,
      [ZONE],
    );
    expect(rows.map((r) => r.local)).toEqual([0, 1, 2, 3, 4, 5].map((n) => `${weeks(n)} 10:00`));
    expect(new Set(rows.map((r) => r.staff)).size).toBe(1);
    const [receipt, ...more] = await api.outbox("nora@example.com");
    expect(more).toEqual([]);
    expect(receipt!.body).toContain("Also booked in this series:");

    const fetchMine = async () =>
      (
        (await (await api.request(`/Customer/FetchByToken/${token}/${spa.userId}/${CUSTOMER}`)).json()) as {
          appointments: { id: number; series: { position: number; count: number } | null }[];
        }
      ).appointments;
    expect((await fetchMine()).map((a) => a.series)).toEqual([1, 2, 3, 4, 5, 6].map((position) => ({ position, count: 6 })));
    const [, second, , fourth] = booked.seriesAppointmentIds;
    const cancel = (route: string, id: number) =>
      api.request(`/Appointment/${route}?appointmentId=${id}&customerToken=${token}&phoneNumber=${CUSTOMER}&userId=${spa.userId}`, {
        method: "POST",
      });
    expect((await cancel("cancelByCustomer", second!)).status).toBe(200);
    expect((await fetchMine()).map((a) => a.series?.position)).toEqual([1, 3, 4, 5, 6]);
    const rest = await cancel("cancelSeriesByCustomer", fourth!);
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { ids: number[] }).ids).toEqual(booked.seriesAppointmentIds.slice(3));
    expect((await fetchMine()).map((a) => a.series?.position)).toEqual([1, 3]);
    expect(await times("Physio series", weeks(4))).toContain("10:00");
  });

  it("takes a nearer time for a taken occurrence, or leaves it out", async () => {
    expect(
      (await post(`/Appointment?userId=${spa.userId}`, bookingRequest(spa, physio(), weeks(2), "10:00", { customFields: [], ssn: "" })))
        .status,
    ).toBe(200);
    // As the week 2 is: taken at 10:00, so 10:45 that day; week 4 left out.
    const answer = await bookSeries([occurrence(weeks(1)), occurrence(weeks(2), "10:45"), occurrence(weeks(3)), occurrence(weeks(5))]);
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { seriesAppointmentIds: number[] }).seriesAppointmentIds).toHaveLength(5);
    // The taken time itself is refused: the whole series with it.
    const before = await liveSeriesRows();
    expect((await bookSeries([occurrence(weeks(2))], {}, "198.51.100.21")).status).toBe(409);
    expect(await liveSeriesRows()).toBe(before);
  });

  it.each([
    ["a date off the series' weeks", () => [occurrence(addDays(testDay, 8))], /is not a date of a series every 1 week/],
    ["a date twice", () => [occurrence(weeks(1)), occurrence(weeks(1))], /in date order, each once/],
    ["more than the service allows", () => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => occurrence(weeks(n))), /at most 8 times/],
    ["a time never offered that day", () => [occurrence(weeks(1), "12:00")], /cannot be booked/],
  ])("refuses %s, and books nothing", async (_what, occurrences, message) => {
    const answer = await bookSeries(occurrences());
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toMatch(message);
    expect(await liveSeriesRows()).toBe(0);
    expect(await api.db.query("SELECT 1 FROM appointments")).toEqual([]);
  });

  it("refuses a series of a service without one, every N weeks it does not offer, and past the booking window", async () => {
    const quick = await post(
      `/Appointment?userId=${spa.userId}`,
      booking("Quick trim", "10:00", { series: { everyWeeks: 1, occurrences: [occurrence(weeks(1))] } }),
    );
    expect(((await quick.json()) as { message: string }).message).toBe("Invalid series: Quick trim is not booked as a series");
    expect(((await (await preview({ everyWeeks: 3 })).json()) as { message: string }).message).toMatch(/repeats every 1 or 2 week/);
    expect(((await (await preview({ everyWeeks: 2, occurrences: 8 })).json()) as { message: string }).message).toMatch(
      /reach past the booking window/,
    );
  });

  it("books a series all or nothing against parallel single bookings of its times, across two processes", async () => {
    const second = await api.secondInstance();
    try {
      const singles = [1, 2, 3, 4, 5].map((n, i) =>
        post(
          `/Appointment?userId=${spa.userId}`,
          bookingRequest(spa, physio(), weeks(n), "10:00", { customFields: [], ssn: "" }),
          `203.0.113.${i + 1}`,
          i % 2 ? api : second,
        ),
      );
      const series = bookSeries(
        [1, 2, 3, 4, 5].map((n) => occurrence(weeks(n))),
        {},
        "198.51.100.30",
        second,
      );
      const [seriesAnswer, ...singleAnswers] = await Promise.all([series, ...singles]);
      const rows = await liveSeriesRows();
      if (seriesAnswer!.status === 200) {
        expect(rows).toBe(6);
        expect(singleAnswers.every((a) => a.status === 409)).toBe(true);
      } else {
        expect(seriesAnswer!.status).toBe(409);
        expect(rows).toBe(0);
      }
      const overlaps = await api.db.query(
        `SELECT 1 FROM appointments a JOIN appointments b ON a.id < b.id AND a.staff_member_id = b.staff_member_id
          WHERE a.status <> 'cancelled' AND b.status <> 'cancelled' AND a.blocked_from < b.blocked_until AND b.blocked_from < a.blocked_until`,
      );
      expect(overlaps).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it("moves one occurrence and the rest of its series with it, all or none", async () => {
    const token = await loginToken(api, spa, CUSTOMER, "test-password-1");
    const mine = { phoneNumber: CUSTOMER, customerAccountIdentificationCode: token };
    const { seriesAppointmentIds: ids } = (await (
      await bookSeries(
        [1, 2, 3, 4, 5].map((n) => occurrence(weeks(n))),
        mine,
      )
    ).json()) as {
      seriesAppointmentIds: number[];
    };
    const localTimes = async () =>
      (
        await api.db.query<{ local: string }>(
          `SELECT to_char(starts_at AT TIME ZONE $1, 'YYYY-MM-DD HH24:MI') AS local FROM appointments WHERE series_id IS NOT NULL ORDER BY series_position`,
          [ZONE],
        )
      ).map((row) => row.local);
    const moveRest = (id: number, iso: string, time: string) => {
      const [hour, minute] = time.split(":").map(Number) as [number, number];
      return api.sendJson("PUT", "/Appointment/ChangeAsCustomerAccount", {
        ...dateParts(iso),
        hour,
        minute,
        serviceIds: [physio().id],
        phoneNumber: CUSTOMER,
        appointmentId: id,
        adminId: spa.userId,
        customerToken: token,
        restOfSeries: true,
      });
    };
    // Someone else has the day after week 4 at 14:00: the move of the rest from week 2 is refused whole.
    const blocker = await post(
      `/Appointment?userId=${spa.userId}`,
      bookingRequest(spa, physio(), addDays(weeks(4), 1), "14:00", { customFields: [], ssn: "" }),
    );
    expect(blocker.status).toBe(200);
    const before = await localTimes();
    expect(((await (await moveRest(ids[2]!, addDays(weeks(2), 1), "14:00")).json()) as { code: string }).code).toBe("occupied");
    expect(await localTimes()).toEqual(before);
    // From week 3 on, a day later at 15:00 (clear of the blocker): weeks 0–2 stay.
    const moved = await moveRest(ids[3]!, addDays(weeks(3), 1), "15:00");
    expect(moved.status).toBe(200);
    expect(await localTimes()).toEqual([
      ...[0, 1, 2].map((n) => `${weeks(n)} 10:00`),
      ...[3, 4, 5].map((n) => `${addDays(weeks(n), 1)} 15:00`),
    ]);
  });

  it("moves the rest of a series a whole week on, each onto the time the next one leaves", async () => {
    const token = await loginToken(api, spa, CUSTOMER, "test-password-1");
    const mine = { phoneNumber: CUSTOMER, customerAccountIdentificationCode: token };
    const { seriesAppointmentIds: ids } = (await (
      await bookSeries(
        [1, 2, 3].map((n) => occurrence(weeks(n))),
        mine,
      )
    ).json()) as {
      seriesAppointmentIds: number[];
    };
    const moved = await api.sendJson("PUT", "/Appointment/ChangeAsCustomerAccount", {
      ...dateParts(weeks(2)),
      hour: 10,
      minute: 0,
      serviceIds: [physio().id],
      phoneNumber: CUSTOMER,
      appointmentId: ids[1],
      adminId: spa.userId,
      customerToken: token,
      restOfSeries: true,
    });
    expect(moved.status).toBe(200);
    const rows = await api.db.query<{ local: string }>(
      `SELECT to_char(starts_at AT TIME ZONE $1, 'YYYY-MM-DD') AS local FROM appointments WHERE series_id IS NOT NULL ORDER BY series_position`,
      [ZONE],
    );
    expect(rows.map((row) => row.local)).toEqual([weeks(0), weeks(2), weeks(3), weeks(4)]);
  });

  it("holds a whole series as one hold: others see every time taken, the holder books it, a release gives all back", async () => {
    const series = { everyWeeks: 1, occurrences: [1, 2, 3].map((n) => occurrence(weeks(n))) };
    const held = await hold("Physio series", "10:00", testDay, { series });
    expect(held.status).toBe(200);
    const { holdToken, holdId } = (await held.json()) as { holdToken: string; holdId: string };
    expect((await api.db.query("SELECT 1 FROM slot_holds")).length).toBe(4);
    // Another visitor finds every held time taken (one therapist).
    for (const n of [0, 1, 2, 3]) expect(await times("Physio series", weeks(n))).not.toContain("10:00");
    expect(
      (
        await post(
          `/Appointment?userId=${spa.userId}`,
          bookingRequest(spa, physio(), weeks(2), "10:00", { customFields: [], ssn: "" }),
          "198.51.100.40",
        )
      ).status,
    ).toBe(409);
    // A release by the hold's id gives every time back; holding again and booking with the token takes them all.
    const release = await post("/Appointment/hold/release", { userId: spa.userId, holdToken, holdId });
    expect(await release.json()).toEqual({ released: true });
    expect((await api.db.query("SELECT 1 FROM slot_holds")).length).toBe(0);
    const again = await hold("Physio series", "10:00", testDay, { series, holdToken });
    expect(again.status).toBe(200);
    const booked = await bookSeries(series.occurrences, { holdToken });
    expect(booked.status).toBe(200);
    expect(await liveSeriesRows()).toBe(4);
    expect((await api.db.query("SELECT 1 FROM slot_holds")).length).toBe(0);
  });
});
