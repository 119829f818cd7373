import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CustomerAccount, CustomerAppointments, LoggedInCustomer, type Provider, type Service } from "../../src/contract/schemas/index.ts";
import { addDays } from "../../src/contract/zoned-time.ts";
import { demoToday, expectedFirstDay } from "../support/expected-times.ts";
import { bookingPage, bookingRequest, dateParts, hoursFor, takeTimeFromColleagues, verifiedToken } from "../support/booking-helpers.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let frisor: Provider;
let dameklipp: Service;
let kariToken: string;
const KARI = "41234567";

beforeAll(async () => {
  api = await startTestApi();
  ({
    provider: frisor,
    services: { Dameklipp: dameklipp },
  } = (await bookingPage(api, "demo-frisor")) as never);
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did; Kari logs in afresh (a token is made at login).
beforeEach(async () => {
  await api.reset();
  const login = await api.postJson("/CustomerAccount/byPhoneAndPassword", {
    login: KARI,
    password: "frisor-demo-1",
    adminId: frisor.userId,
  });
  kariToken = v.parse(CustomerAccount, await login.json()).customerAccountIdentificationCode!;
});

/**
 * The salon's first open day at least `fromDays` ahead (well outside hoursToCancel) and
 * its hours for Dameklipp: every time of the day but those this file has booked.
 */
async function freeDay(fromDays: number) {
  const expected = expectedFirstDay("demo-frisor", 45, undefined, addDays(demoToday("demo-frisor"), fromDays));
  const day = await hoursFor(api, frisor, dameklipp, {}, expected.iso);
  expect(day.hoursToBook.length).toBeGreaterThan(2);
  expect(expected.times).toEqual(expect.arrayContaining(day.hoursToBook.map((h) => h.backendLabel)));
  return day;
}

async function bookForKari(fromDays: number) {
  const day = await freeDay(fromDays);
  const time = day.hoursToBook[0]!.backendLabel;
  const response = await api.postJson(
    `/Appointment?userId=${frisor.userId}`,
    bookingRequest(frisor, dameklipp, day.iso, time, {
      phoneNumber: KARI,
      phoneNumberCountryCode: 47,
      emailAddress: "",
      customerAccountIdentificationCode: kariToken,
      customFields: [],
      smsReceipt: true,
      emailReceipt: false,
    }),
  );
  expect(response.status).toBe(200);
  return { day, time, id: ((await response.json()) as { id: number }).id };
}

const fetchByToken = (token: string, phone: string) => api.request(`/Customer/FetchByToken/${token}/${frisor.userId}/${phone}`);
/** A move of appointment `id` (Dameklipp) to `iso`'s hour:minute, as My Page sends it: Kari's, unless `by` is someone else. */
const moveTo = (id: number, iso: string, hour: number, minute: number, by = { phoneNumber: KARI, customerToken: kariToken }) =>
  api.sendJson("PUT", "/Appointment/ChangeAsCustomerAccount", {
    ...dateParts(iso),
    hour,
    minute,
    serviceIds: [dameklipp.id],
    appointmentId: id,
    adminId: frisor.userId,
    ...by,
  });

describe("the booking receipt", () => {
  it("texts the receipt in Norwegian with the My Page link carrying p and c", async () => {
    const { day, time } = await bookForKari(3);
    const [receipt] = await api.outbox(KARI);
    expect(receipt).toMatchObject({ channel: "sms", to: KARI });
    const [y, m, d] = day.iso.split("-");
    expect(receipt!.subject).toBe(`Demo Frisør: timen er bekreftet ${d}.${m}.${y} ${time}`);
    expect(receipt!.body).toMatch(new RegExp(`${TEST_ORIGIN}/demo-frisor/min-side\\?p=${KARI}&c=\\d{3}`));
  });

  it("files an unverified booking under the phone's unverified account and links it by SMS only; never under a verified account", async () => {
    const { provider: clinic, services } = await bookingPage(api, "demo-clinic");
    await api.db.query("UPDATE providers SET verification_type = 2 WHERE id = $1", [clinic.userId]);
    await verifiedToken(api, clinic, { phoneNumber: "3125550143" });
    await api.db.query("UPDATE providers SET verification_type = 0 WHERE id = $1", [clinic.userId]);
    const physio = services.Physiotherapy!;
    // Two times of one day: tomorrow on, the first day the clinic is open (today may have one time left).
    const day = await hoursFor(
      api,
      clinic,
      physio,
      {},
      expectedFirstDay("demo-clinic", 45, undefined, addDays(demoToday("demo-clinic"), 1)).iso,
    );
    const anonymous = bookingRequest(clinic, physio, day.iso, day.hoursToBook[0]!.backendLabel, {
      phoneNumber: "3125550142",
      emailAddress: "lee@example.com",
    });
    expect((await api.postJson(`/Appointment?userId=${clinic.userId}`, anonymous)).status).toBe(200);
    const [mail] = await api.outbox("lee@example.com");
    const [sms] = await api.outbox("3125550142");
    expect(mail!.channel).toBe("email");
    // The link opens the phone's account: it goes to that phone, not to an e-mail address someone typed.
    expect(mail!.body).not.toContain("min-side");
    expect(sms!.body).toContain(mail!.body.trim().split("\n")[0]);
    const code = /c=(\d{3})/.exec(sms!.body)![1]!;
    const customer = v.parse(
      LoggedInCustomer,
      await (await api.request(`/Customer/FetchByToken/${code}/${clinic.userId}/3125550142`)).json(),
    );
    expect(customer.appointments).toHaveLength(1);

    const intruder = bookingRequest(clinic, physio, day.iso, day.hoursToBook[1]!.backendLabel, {
      phoneNumber: "3125550143",
      emailAddress: "mallory@example.com",
    });
    expect((await api.postJson(`/Appointment?userId=${clinic.userId}`, intruder)).status).toBe(200);
    const [receipt] = await api.outbox("mallory@example.com");
    expect(receipt!.body).not.toContain("min-side");
    const [text] = await api.outbox("3125550143");
    expect(text!.body).toContain("Physiotherapy");
    expect(text!.body).not.toContain("min-side");
  });
});

describe("My Page", () => {
  it("logs in by the receipt's code or the account token, with the phone, and lists the appointment", async () => {
    const { day, time, id } = await bookForKari(4);
    const code = /c=(\d{3})/.exec((await api.outbox(KARI))[0]!.body)![1]!;
    for (const token of [code, kariToken]) {
      const response = await fetchByToken(token, KARI);
      expect(response.status).toBe(200);
      const { customer, appointments } = v.parse(LoggedInCustomer, await response.json());
      expect(customer).toMatchObject({ firstName: "Kari", phoneNumber: KARI });
      const [hour, minute] = time.split(":").map(Number);
      expect(appointments).toContainEqual({
        id,
        appointmentName: "Dameklipp",
        ...dateParts(day.iso),
        hour,
        minute,
        canCancel: true,
        serviceIds: [dameklipp.id],
        paidOnline: null,
        series: null,
      });
    }
    const listed = v.parse(
      CustomerAppointments,
      await (
        await api.postJson("/Appointment/forCustomerAccount", { customerToken: code, phoneNumber: KARI, userId: frisor.userId })
      ).json(),
    );
    expect(listed.map((a) => a.id)).toContain(id);
    const byQuery = await api.request(`/Appointment/forCustomerAccount?customerToken=${code}&phoneNumber=${KARI}&userId=${frisor.userId}`);
    expect(byQuery.status).toBe(200);
  });

  it("edits the profile of the customer logged in by the My Page code; a wrong code is refused and counted", async () => {
    // Kari's My Page code, from the receipt of a booking of her own.
    await bookForKari(3);
    const code = /c=(\d{3})/.exec((await api.outbox(KARI))[0]!.body)![1]!;
    const profile = {
      adminId: frisor.userId,
      firstName: "Kari Nordmann",
      lastName: "",
      emailAddress: "kari@example.no",
      address: "Storgata 1",
      postalCode: "0155",
      city: "Oslo",
      phoneNumber: KARI,
    };
    const edited = await api.sendJson("PUT", "/CustomerAccount", { ...profile, customerAccountIdentificationCode: code });
    expect(edited.status).toBe(200);
    expect(v.parse(CustomerAccount, await edited.json())).toMatchObject({ firstName: "Kari Nordmann", city: "Oslo", phoneNumber: KARI });
    const { customer } = v.parse(LoggedInCustomer, await (await fetchByToken(code, KARI)).json());
    expect(customer).toMatchObject({ firstName: "Kari Nordmann", emailAddress: "kari@example.no", address: "Storgata 1" });

    const wrong = code === "999" ? "998" : "999";
    const refused = await api.sendJson("PUT", "/CustomerAccount", {
      ...profile,
      firstName: "Mallory",
      customerAccountIdentificationCode: wrong,
    });
    expect(refused.status).toBe(401);
    const [failures] = await api.db.query<{ count: number }>(
      "SELECT count FROM rate_counters WHERE scope = 'my-page:address' AND key = $1",
      [`${frisor.userId}:${KARI}:local`],
    );
    expect(failures?.count).toBe(1);
    await api.db.query("DELETE FROM rate_counters");
    expect((await (await fetchByToken(code, KARI)).json()).customer.firstName).toBe("Kari Nordmann");
  });

  it("answers a wrong code or someone else's phone with 401, and locks the phone after five misses", async () => {
    // Kari's My Page code, from the receipt of a booking of her own.
    await bookForKari(3);
    const code = /c=(\d{3})/.exec((await api.outbox(KARI))[0]!.body)![1]!;
    const other = code === "999" ? "998" : "999";
    const wrong = await fetchByToken(other, KARI);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Wrong code or phone number", code: "wrong-code-or-phone" });
    expect((await fetchByToken(code, "49999999")).status).toBe(401);
    expect((await fetchByToken(kariToken, "49999999")).status).toBe(401);

    const victim = "48880001";
    for (let i = 0; i < 5; i++) expect((await fetchByToken(String(100 + i), victim)).status).toBe(401);
    const locked = await fetchByToken("105", victim);
    expect(locked.status).toBe(429);
  });

  it("moves an appointment: the old time is free again, the new one taken, the customer told", async () => {
    const { day, time, id } = await bookForKari(5);
    const newTime = day.hoursToBook.at(-1)!.backendLabel;
    const [hour, minute] = newTime.split(":").map(Number) as [number, number];
    const moved = await moveTo(id, day.iso, hour, minute);
    expect(moved.status).toBe(200);
    const { appointments } = v.parse(LoggedInCustomer, await (await fetchByToken(kariToken, KARI)).json());
    expect(appointments.filter((a) => a.id === id)).toEqual([expect.objectContaining({ hour, minute })]);
    const [stored] = await api.db.query<{ start: string }>(
      "SELECT to_char(starts_at AT TIME ZONE 'Europe/Oslo', 'HH24:MI') AS start FROM appointments WHERE id = $1",
      [id],
    );
    expect(stored!.start).toBe(newTime);
    expect(newTime).not.toBe(time);
    expect((await api.outbox(KARI))[0]!.subject).toBe("Demo Frisør: timen er flyttet");
  });

  it("offers a moved appointment's own time in its calendar, to its owner only", async () => {
    const { day, time, id } = await bookForKari(9);
    await takeTimeFromColleagues(api.db, id);
    const labels = async (extra: object) => (await hoursFor(api, frisor, dameklipp, extra, day.iso)).hoursToBook.map((h) => h.backendLabel);
    const moving = (overrides: object = {}) => ({
      movingAppointment: { appointmentId: id, customerToken: kariToken, phoneNumber: KARI, ...overrides },
    });
    expect(await labels({})).not.toContain(time);
    expect(await labels(moving())).toContain(time);
    const month = await api.postJson("/Appointment/availableHours/month", {
      ...dateParts(day.iso),
      userId: frisor.userId,
      serviceBookings: [{ serviceId: dameklipp.id }],
      ...moving(),
    });
    const movingDay = ((await month.json()) as { iso: string; hoursToBook: { backendLabel: string }[] }[]).find((d) => d.iso === day.iso)!;
    expect(movingDay.hoursToBook.map((h) => h.backendLabel)).toContain(time);
    const hours = (extra: object) =>
      api.postJson("/Appointment/availableHours", {
        ...dateParts(day.iso),
        userId: frisor.userId,
        serviceBookings: [{ serviceId: dameklipp.id }],
        ...extra,
      });
    expect((await hours(moving({ customerToken: "nope" }))).status).toBe(401);
    expect((await hours(moving({ appointmentId: 999_999 }))).status).toBe(404);
    const [walkIn] = await api.db.query<{ id: number }>("SELECT id FROM appointments WHERE first_name = 'Walk-in' LIMIT 1");
    expect((await hours(moving({ appointmentId: walkIn!.id }))).status).toBe(404);
  });

  it("moves three appointments into one time at once: the two hairdressers take two, the third is occupied", async () => {
    const booked = [await bookForKari(7), await bookForKari(7), await bookForKari(8)];
    const target = await freeDay(10);
    const time = target.hoursToBook[1]!.backendLabel;
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    const responses = await Promise.all(booked.map(({ id }) => moveTo(id, target.iso, hour, minute)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 409]);
    const atTarget = await api.db.query<{ staff: number }>(
      `SELECT staff_member_id AS staff FROM appointments
        WHERE provider_id = $1 AND status <> 'cancelled' AND to_char(starts_at AT TIME ZONE 'Europe/Oslo', 'YYYY-MM-DD HH24:MI') = $2`,
      [frisor.userId, `${target.iso} ${time}`],
    );
    expect(new Set(atTarget.map((row) => row.staff)).size).toBe(2);
    expect(atTarget).toHaveLength(2);
  });

  it("cancels an appointment, which frees its time; another customer's token changes nothing", async () => {
    const { day, time, id } = await bookForKari(6);
    const strangerToken = await verifiedToken(api, frisor, { phoneNumber: "48880002" });
    const stolen = await api.request(
      `/Appointment/cancelByCustomer?appointmentId=${id}&customerToken=${strangerToken}&phoneNumber=48880002&userId=${frisor.userId}`,
      { method: "POST" },
    );
    expect(stolen.status).toBe(404);
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    const strangerMove = await moveTo(id, day.iso, hour, minute, { phoneNumber: "48880002", customerToken: strangerToken });
    expect(strangerMove.status).toBe(404);
    const status = async () => (await api.db.query<{ status: string }>("SELECT status FROM appointments WHERE id = $1", [id]))[0]!.status;
    expect(await status()).toBe("confirmed");

    const cancelled = await api.request(
      `/Appointment/cancelByCustomer?appointmentId=${id}&customerToken=${kariToken}&phoneNumber=${KARI}&userId=${frisor.userId}`,
      { method: "POST" },
    );
    expect(cancelled.status).toBe(200);
    const { appointments } = v.parse(LoggedInCustomer, await (await fetchByToken(kariToken, KARI)).json());
    expect(appointments.map((a) => a.id)).not.toContain(id);
    expect(await status()).toBe("cancelled");
    expect((await api.outbox(KARI))[0]!.subject).toBe("Demo Frisør: timen er avbestilt");
  });

  it("refuses to cancel or move inside hoursToCancel, and the appointment stays", async () => {
    const [row] = await api.db.query<{ id: number }>(
      `INSERT INTO appointments (provider_id, staff_member_id, customer_account_id, starts_at, ends_at, status, phone_number)
       SELECT $1, (SELECT id FROM staff_members WHERE provider_id = $1 ORDER BY id LIMIT 1),
              (SELECT id FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2),
              $3::timestamptz + interval '2 hours', $3::timestamptz + interval '150 minutes', 'confirmed', $2
       RETURNING id`,
      [frisor.userId, KARI, api.clock.now()],
    );
    const id = row!.id;
    const { appointments } = v.parse(LoggedInCustomer, await (await fetchByToken(kariToken, KARI)).json());
    expect(appointments.find((a) => a.id === id)?.canCancel).toBe(false);
    const cancel = await api.request(
      `/Appointment/cancelByCustomer?appointmentId=${id}&customerToken=${kariToken}&phoneNumber=${KARI}&userId=${frisor.userId}`,
      { method: "POST" },
    );
    expect(cancel.status).toBe(400);
    expect(await cancel.json()).toEqual({ message: "You can only cancel 12 hours in advance", code: "too-late-to-change" });
    const day = await freeDay(7);
    const [hour, minute] = day.hoursToBook[0]!.backendLabel.split(":").map(Number) as [number, number];
    const move = await moveTo(id, day.iso, hour, minute);
    expect(move.status).toBe(400);
    const [stored] = await api.db.query<{ status: string }>("SELECT status FROM appointments WHERE id = $1", [id]);
    expect(stored!.status).toBe("confirmed");
  });

  it("answers 400 naming the bad field for malformed My Page requests", async () => {
    const change = {
      year: 2030,
      month: 1,
      day: 2,
      hour: 10,
      minute: 0,
      serviceIds: [dameklipp.id],
      phoneNumber: KARI,
      appointmentId: 1,
      adminId: frisor.userId,
      customerToken: kariToken,
    };
    const cases: [string, string, unknown, RegExp][] = [
      ["GET", `/Customer/FetchByToken/${kariToken}/abc/${KARI}`, undefined, /userId/],
      ["GET", `/Customer/FetchByToken/${kariToken}/${frisor.userId}/12ab`, undefined, /phoneNumber/],
      ["POST", "/Appointment/forCustomerAccount", "{", /JSON/],
      ["POST", "/Appointment/forCustomerAccount", { phoneNumber: KARI, userId: frisor.userId }, /customerToken.*required/],
      [
        "POST",
        `/Appointment/cancelByCustomer?appointmentId=x&customerToken=1&phoneNumber=${KARI}&userId=${frisor.userId}`,
        undefined,
        /appointmentId/,
      ],
      ["POST", `/Appointment/cancelByCustomer?appointmentId=1&phoneNumber=${KARI}&userId=${frisor.userId}`, undefined, /customerToken/],
      ["PUT", "/Appointment/ChangeAsCustomerAccount", "nope", /JSON/],
      ["PUT", "/Appointment/ChangeAsCustomerAccount", { ...change, month: 0 }, /month/],
      ["PUT", "/Appointment/ChangeAsCustomerAccount", { ...change, serviceIds: [] }, /serviceIds/],
      ["PUT", "/Appointment/ChangeAsCustomerAccount", { ...change, appointmentId: undefined }, /appointmentId/],
    ];
    for (const [method, path, body, message] of cases) {
      const response = body === undefined ? await api.request(path, { method }) : await api.sendJson(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(400);
      expect((await response.json()).message, path).toMatch(message);
    }
  });
});
