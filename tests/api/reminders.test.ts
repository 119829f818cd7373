import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { outboxMessenger } from "../../demo/api/outbox/messenger.ts";
import { sendDueReminders } from "../../demo/api/reminders/send-reminders.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { bookForAccount, bookingPage, bookingRequest, hoursFor, loginToken, moveAsCustomer } from "../support/booking-helpers.ts";
import { testSeed } from "../fixtures/test-seed.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

// Issue 30, "Reminders": one reminder per booked appointment, 24 hours before it (the
// provider's setting), on the channels the visitor chose, in the page's language and
// zone with the My Page link; a move moves it, a cancellation drops it, a booking made
// inside the window gets none; exactly one with two processes. On the injectable clock.

let api: TestApi;
let frisor: Provider;
let cut: Service;
const KARI = { phone: "41234567", password: "frisor-demo-1" };
const keys = serverKeys(DEMO_SECRET);
const deps = { keys, messenger: outboxMessenger(keys) };

beforeAll(async () => {
  api = await startTestApi();
  ({
    provider: frisor,
    services: { Dameklipp: cut },
  } = (await bookingPage(api, "demo-frisor")) as never);
});
afterAll(() => api.close());
beforeEach(() => api.reset());

/** Kari books a haircut with an SMS reminder, `fromDays` ahead; answers the booking. */
const bookKari = (fromDays = 3) => bookForAccount(api, "demo-frisor", "Dameklipp", KARI, fromDays, { smsReminder: true });
const reminders = async () => (await api.outbox(KARI.phone)).filter((message) => /påminnelse/.test(message.subject));
const remind = (db = api.db) => sendDueReminders(db, deps, TEST_ORIGIN, api.clock.now());
const startOf = async (id: number) =>
  new Date(
    (await api.db.query<{ startsAt: Date | string }>(`SELECT starts_at AS "startsAt" FROM appointments WHERE id = $1`, [id]))[0]!.startsAt,
  );
const untilMinutes = (instant: Date) => Math.ceil((instant.getTime() - api.clock.now().getTime()) / 60_000);

describe("reminders", () => {
  it("sends one SMS reminder 24 hours before, in Norwegian, with the time in Oslo and the My Page link", async () => {
    const { id, code } = await bookKari();
    const start = await startOf(id);
    // A minute early: nothing.
    api.clock.advanceMinutes(untilMinutes(start) - 24 * 60 - 1);
    expect(await remind()).toBe(0);
    api.clock.advanceMinutes(1);
    expect(await remind()).toBe(1);
    const [reminder] = await reminders();
    expect(reminder!.subject).toMatch(/^Demo Frisør: påminnelse \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(reminder!.body).toContain(`${TEST_ORIGIN}/demo-frisor/min-side?p=${KARI.phone}&c=${code}`);
    // Never twice.
    api.clock.advanceMinutes(60);
    expect(await remind()).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });

  it("exactly one reminder when two processes run the pass at the same moment, many times", async () => {
    const { id } = await bookKari();
    api.clock.advanceMinutes(untilMinutes(await startOf(id)) - 24 * 60);
    const other = await api.secondInstance();
    try {
      const counts = await Promise.all(Array.from({ length: 20 }, (_, i) => remind(i % 2 ? other.db : api.db)));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await reminders()).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("follows a move to the new time, and a cancelled appointment gets none", async () => {
    const { id, day } = await bookKari(3);
    const token = await loginToken(api, frisor, KARI.phone, KARI.password);
    // Moved to the last time of the day: the reminder moves with it.
    const moved = await moveAsCustomer(api, frisor, { phone: KARI.phone, token }, id, {
      iso: day.iso,
      time: day.hoursToBook.at(-1)!.backendLabel,
      serviceIds: [cut.id],
    });
    expect(moved.status).toBe(200);
    const newStart = await startOf(id);
    api.clock.advanceMinutes(untilMinutes(newStart) - 24 * 60 - 1);
    expect(await remind()).toBe(0);
    api.clock.advanceMinutes(1);
    expect(await remind()).toBe(1);

    const second = await bookKari(5);
    const cancelled = await api.request(
      `/Appointment/cancelByCustomer?appointmentId=${second.id}&customerToken=${token}&phoneNumber=${KARI.phone}&userId=${frisor.userId}`,
      { method: "POST" },
    );
    expect(cancelled.status).toBe(200);
    api.clock.advanceMinutes(untilMinutes(await startOf(second.id)) - 60);
    expect(await remind()).toBe(0);
    expect(await reminders()).toHaveLength(1);
  });

  it("gives a booking made inside the window no reminder, nor one without a reminder channel; the hours are the page's", async () => {
    const reminderDue = async (id: number) =>
      (await api.db.query<{ due: Date | string | null }>("SELECT reminder_due_at AS due FROM appointments WHERE id = $1", [id]))[0]!.due;
    // A page that reminds a week ahead: a booking three days ahead is inside its window.
    await api.db.query("UPDATE providers SET reminder_hours_before = 168 WHERE id = $1", [frisor.userId]);
    expect(await reminderDue((await bookKari(3)).id)).toBeNull();
    // Two hours ahead: due two hours before.
    await api.db.query("UPDATE providers SET reminder_hours_before = 2 WHERE id = $1", [frisor.userId]);
    const soon = await bookKari(4);
    expect(new Date((await reminderDue(soon.id))!).getTime()).toBe((await startOf(soon.id)).getTime() - 2 * 3_600_000);
    // No reminder channel ticked: none.
    const none = await bookForAccount(api, "demo-frisor", "Dameklipp", KARI, 5, { smsReminder: false });
    expect(await reminderDue(none.id)).toBeNull();
  });
});

describe("a page's own reminder hours (its providers file) across a daylight-saving change", () => {
  // Demo Frisør reminds 72 hours ahead. Booked on Thursday 25 March 2027 (CET, UTC+1) for
  // Tuesday 30 March, 10:00 in Oslo (CEST, UTC+2, since Sunday 28 March): the reminder is
  // due 72 real hours before, Saturday 27 March 08:00 UTC, 09:00 in Oslo, not at 10:00.
  let own: TestApi;
  beforeAll(async () => {
    const seed = structuredClone(testSeed);
    const page = seed.companies[0]!.providers.find((provider) => provider.bookingLink === "demo-frisor")!;
    page.reminderHoursBefore = 72;
    own = await startTestApi({ seed });
  });
  afterAll(() => own?.close());

  it("is due 72 real hours before, and tells the appointment's time as Oslo's clocks show it then", async () => {
    own.clock.set(new Date("2027-03-25T12:00:00Z"));
    const { provider, services } = await bookingPage(own, "demo-frisor");
    const service = services.Dameklipp!;
    const day = await hoursFor(own, provider, service, {}, "2027-03-30");
    expect(day.hoursToBook[0]!.backendLabel).toBe("10:00");
    const token = await loginToken(own, provider, KARI.phone, KARI.password);
    const booked = await own.postJson(
      `/Appointment?userId=${provider.userId}`,
      bookingRequest(provider, service, "2027-03-30", "10:00", {
        phoneNumber: KARI.phone,
        phoneNumberCountryCode: 47,
        emailAddress: "",
        customerAccountIdentificationCode: token,
        customFields: [],
        smsReminder: true,
      }),
    );
    expect(booked.status).toBe(200);
    expect(((await booked.json()) as { start: string }).start).toBe("2027-03-30T08:00:00.000Z");
    const pass = () => sendDueReminders(own.db, deps, TEST_ORIGIN, own.clock.now());
    const sent = async () => (await own.outbox(KARI.phone)).filter((message) => /påminnelse/.test(message.subject));

    own.clock.set(new Date("2027-03-27T07:59:00Z"));
    expect(await pass()).toBe(0);
    own.clock.set(new Date("2027-03-27T08:00:00Z"));
    expect(await pass()).toBe(1);
    const [reminder] = await sent();
    expect(reminder!.subject).toBe("Demo Frisør: påminnelse 30.03.2027 10:00");
    // After the change, and on every later pass: still the one.
    own.clock.set(new Date("2027-03-29T08:00:00Z"));
    expect(await pass()).toBe(0);
    expect(await sent()).toHaveLength(1);
  });
});
