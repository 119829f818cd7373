import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cancelByProvider } from "../../demo/api/bookings/cancel-appointment.ts";
import { accountById } from "../../demo/api/customers/customer-accounts.ts";
import { outboxMessenger } from "../../demo/api/outbox/messenger.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import type { Provider, Service } from "../../src/contract/schemas/index.ts";
import { addDays, fromZoned } from "../../src/contract/zoned-time.ts";
import { testSeed } from "../fixtures/test-seed.ts";
import { bookingPage, bookingRequest, dateParts, hoursFor, payWithSimulator } from "../support/booking-helpers.ts";
import { demoToday } from "../support/expected-times.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 46: a freed time reaches the waitlist (our extension, docs/reference-api.md
// "Waitlist"). Whatever frees it (a cancel, a move, a hold or an unpaid booking that
// lapses), the offer worker offers it: first in line, held for the first matching entry
// for the offer's minutes, then passed on; notify-all, told to every matching entry, the
// first to book winning. Offers are made once, under races and across two processes.
// Runs on PGlite (api) and PostgreSQL (api-postgres); the clock is the test's.

let api: TestApi;
let frisor: Provider;
let haircut: Service;
/** An open day three or more days ahead, and its 15:00 (the wish's only time: after 15:00, before 15:15). */
let day: string;
const TIME = "15:00";
const WINDOW = { after: "15:00", before: "15:15" };

function seedWithWaitlist() {
  const seed = structuredClone(testSeed);
  const page = seed.companies.flatMap((company) => company.providers).find((one) => one.bookingLink === "demo-frisor")!;
  Object.assign(page, { waitlist: { enabled: true, offerMinutes: 15 } });
  return seed;
}

beforeAll(async () => {
  api = await startTestApi({ seed: seedWithWaitlist(), trustedProxyHops: 1 });
  const page = await bookingPage(api, "demo-frisor");
  frisor = page.provider;
  haircut = page.services.Dameklipp!;
  for (let ahead = 3; ; ahead++) {
    const iso = addDays(demoToday("demo-frisor"), ahead);
    if ((await hoursFor(api, frisor, haircut, {}, iso)).hoursToBook.some((hour) => hour.backendLabel === TIME)) {
      day = iso;
      break;
    }
  }
});
afterAll(() => api?.close());
beforeEach(() => api.reset());

const keys = serverKeys(DEMO_SECRET);
let phones = 0;
/** A verified customer of the page (a proven phone), made directly: the tests need more than an address may verify. */
async function customer(language?: string) {
  const phone = `4${String(1_000_000 + ++phones).slice(1)}0`;
  const [row] = await api.db.query<{ id: number }>(
    `INSERT INTO customer_accounts (provider_id, first_name, phone_number, phone_number_country_code, verified, phone_verified)
     VALUES ($1, $2, $3, 47, true, true) RETURNING id`,
    [frisor.userId, `Kunde ${phones}`, phone],
  );
  const account = await accountById(api.db, keys, row!.id);
  return { phone, token: account.customerAccountIdentificationCode!, language };
}
type Customer = Awaited<ReturnType<typeof customer>>;

const bookingOf = (who: Customer, overrides: Record<string, unknown> = {}) =>
  bookingRequest(frisor, haircut, day, TIME, {
    phoneNumber: who.phone,
    phoneNumberCountryCode: 47,
    emailAddress: "",
    customerAccountIdentificationCode: who.token,
    customFields: [],
    smsReceipt: true,
    emailReceipt: false,
    ...overrides,
  });
async function book(who: Customer, overrides: Record<string, unknown> = {}, via: Pick<TestApi, "request"> = api) {
  const answer = await via.request(`/Appointment?userId=${frisor.userId}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${phones % 250}` },
    body: JSON.stringify(bookingOf(who, overrides)),
  });
  return { status: answer.status, body: (await answer.json()) as { id: number; staffMemberId: number; code?: string } };
}
/** Both staff members' 15:00: the wish's day is full. */
async function fillTheTime() {
  const booked = [];
  for (let n = 0; n < 2; n++) {
    const who = await customer();
    const made = await book(who);
    expect(made.status).toBe(200);
    booked.push({ ...who, id: made.body.id, staffMemberId: made.body.staffMemberId });
  }
  return booked;
}
const cancel = (booked: Customer & { id: number }, via: Pick<TestApi, "request"> = api) =>
  via.request(
    `/Appointment/cancelByCustomer?appointmentId=${booked.id}&customerToken=${booked.token}&phoneNumber=${booked.phone}&userId=${frisor.userId}`,
    { method: "POST" },
  );
async function join(who: Customer, wish: Record<string, unknown> = {}) {
  const answer = await api.postJson(`/Waitlist?userId=${frisor.userId}`, {
    customerAccountIdentificationCode: who.token,
    serviceBookings: [{ serviceId: haircut.id }],
    days: [day],
    ...WINDOW,
    ...(who.language ? { language: who.language } : {}),
    ...wish,
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { id: number };
}
/** The offer links texted to a customer, newest first. */
async function offers(who: Customer) {
  return (await api.outbox(who.phone))
    .map((message) => /venteliste\?tilbud=([0-9a-f]+)/.exec(message.body)?.[1])
    .filter((token): token is string => Boolean(token));
}
const openOffer = (token: string) => api.request(`/Waitlist/offer?userId=${frisor.userId}&offerToken=${token}`);
const freeTimes = async () => (await hoursFor(api, frisor, haircut, {}, day)).hoursToBook.map((hour) => hour.backendLabel);
const minutes = (n: number) => api.clock.set(new Date(api.clock.now().getTime() + n * 60_000));
const setMode = (mode: "first-in-line" | "notify-all") =>
  api.db.query("UPDATE providers SET waitlist_mode = $1 WHERE id = $2", [mode, frisor.userId]);
/** Holds the wish's 15:00 as the widget's hold call does (any staff member unless named). */
const holdTheTime = (extra: Record<string, unknown> = {}) =>
  api.postJson("/Appointment/hold", {
    userId: frisor.userId,
    ...dateParts(day),
    hour: 15,
    minute: 0,
    serviceBookings: [{ serviceId: haircut.id }],
    staffMemberId: null,
    ...extra,
  });
/** The day's 15:00 full, two customers waiting for it, one 15:00 cancelled and offered: to the first, by its link's secret. */
async function offeredToFirstOfTwo() {
  const [ingrid] = await fillTheTime();
  const first = await customer();
  const second = await customer();
  await join(first);
  await join(second);
  await cancel(ingrid!);
  await api.offerWaitlist();
  const [token] = await offers(first);
  return { first, second, token: token! };
}
const metric = async (event: string) => {
  const text = await api.metrics.registry.metrics();
  return Number(new RegExp(`booking_waitlist_total\\{event="${event}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
};

describe("first in line", () => {
  it("a cancel offers the time to the first entry: held for them, texted in their language, booked once with the link", async () => {
    const [ingrid] = await fillTheTime();
    const first = await customer("en");
    const second = await customer();
    await join(first);
    await join(second);
    expect(await freeTimes()).not.toContain(TIME);

    expect((await cancel(ingrid!)).status).toBe(200);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 1 });
    const [token] = await offers(first);
    expect(token).toMatch(/^[0-9a-f]{48}$/);
    expect(await offers(second)).toEqual([]);
    const [message] = await api.outbox(first.phone);
    expect(message!.subject).toBe("Demo Frisør: a time is free");
    expect(message!.body).toContain("It is kept for you until");
    // Never who else waits (nor who is offered: a text names no one).
    for (const who of [first, second]) expect(message!.body).not.toContain(who.phone);
    expect(message!.body).not.toContain("Kunde");
    // Held for the link: nobody else sees or takes it.
    expect(await freeTimes()).not.toContain(TIME);
    const stranger = await customer();
    expect((await book(stranger)).body.code).toBe("occupied");

    const opened = await openOffer(token!);
    expect(opened.status).toBe(200);
    const offer = await opened.json();
    expect(offer).toMatchObject({
      held: true,
      serviceBookings: [{ serviceId: haircut.id, extraServiceIds: [] }],
      customer: { phoneNumber: first.phone, customerAccountIdentificationCode: first.token },
    });
    expect(new Date(offer.expiresAt).getTime() - api.clock.now().getTime()).toBe(15 * 60_000);
    // The link's secret is the booking's hold token: the held time is theirs.
    const booked = await book(first, { holdToken: token });
    expect(booked.status).toBe(200);
    expect(await metric("taken")).toBe(1);
    // Used once: the link says so, and the entry has done its job.
    expect((await (await openOffer(token!)).json()).code).toBe("waitlist-offer-used");
    expect(await (await api.request(`/Waitlist?userId=${frisor.userId}&customerToken=${first.token}`)).json()).toEqual([]);
    // Nothing more to offer: the second entry waits on.
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    expect(await offers(second)).toEqual([]);
  });

  it("an offer that runs out passes the time to the next entry, then the time is free for everyone", async () => {
    const { first, second, token: firstToken } = await offeredToFirstOfTwo();

    minutes(15);
    expect(await api.offerWaitlist()).toEqual({ offered: 1, expired: 1, lost: 0 });
    expect((await (await openOffer(firstToken!)).json()).code).toBe("waitlist-offer-expired");
    // The old link books nothing now (its hold is gone and the time is held for the next).
    expect((await book(first, { holdToken: firstToken })).body.code).toBe("occupied");
    const [secondToken] = await offers(second);
    expect(secondToken).toBeDefined();
    expect((await openOffer(secondToken!)).status).toBe(200);

    minutes(15);
    expect(await api.offerWaitlist()).toEqual({ offered: 0, expired: 1, lost: 0 });
    // The first is not offered it again: the time is everyone's.
    expect(await offers(first)).toHaveLength(1);
    expect(await freeTimes()).toContain(TIME);
    expect(await metric("expired")).toBe(2);
  });
});

describe("an offer of a time that must be paid online", () => {
  it("booked with the link: it waits for payment in the offer's place, the offer is used, and once paid the time is the customer's", async () => {
    const { first, second, token } = await offeredToFirstOfTwo();
    // The page now takes the haircut's price online: the offered time is booked as an unpaid booking.
    await api.db.query("UPDATE services SET must_pay_online = true, pay_online_price = 200 WHERE id = $1", [haircut.id]);
    const unpaid = await book(first, { holdToken: token });
    expect(unpaid.status).toBe(200);
    const { paymentToken } = unpaid.body as unknown as { paymentToken: string; status: string };
    expect(unpaid.body).toMatchObject({ status: "awaiting_payment" });
    // Taken by the booking (single use), though not paid yet: no one else is offered it meanwhile.
    expect((await (await openOffer(token)).json()).code).toBe("waitlist-offer-used");
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    expect(await offers(second)).toEqual([]);
    expect(await freeTimes()).not.toContain(TIME);
    // Paid: the booking is confirmed, and the time stays the customer's.
    await payWithSimulator(api, frisor, unpaid.body.id, paymentToken);
    const [row] = await api.db.query<{ status: string }>("SELECT status FROM appointments WHERE id = $1", [unpaid.body.id]);
    expect(row!.status).toBe("confirmed");
    minutes(30);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    expect(await offers(second)).toEqual([]);
  });
});

describe("the held time", () => {
  it("held again through the widget's hold call with the link's secret, it stays held as long as the offer promised, then passes on", async () => {
    const { second, token } = await offeredToFirstOfTwo();
    minutes(1);
    const held = await holdTheTime({ holdToken: token });
    expect(held.status).toBe(200);
    expect(await held.json()).toMatchObject({ holdToken: token, secondsLeft: 14 * 60 });
    // The re-hold never let it go: nothing was offered to the second entry.
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    minutes(13);
    expect(await freeTimes()).not.toContain(TIME);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    minutes(1);
    expect(await api.offerWaitlist()).toEqual({ offered: 1, expired: 1, lost: 0 });
    expect(await offers(second)).toHaveLength(1);
  });
});

describe("every way a time frees offers it", () => {
  /** One staff member's 15:00 booked; answers that booking (the other staff member's 15:00 is up to the test). */
  async function oneBooked() {
    const who = await customer();
    const made = await book(who);
    expect(made.status).toBe(200);
    return { ...who, id: made.body.id };
  }

  it("a visitor's hold that lapses", async () => {
    await oneBooked();
    const held = await holdTheTime();
    expect(held.status).toBe(200);
    const waiting = await customer();
    await join(waiting);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    minutes(10);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 1 });
    expect(await offers(waiting)).toHaveLength(1);
  });

  it("a move to another time", async () => {
    await oneBooked();
    const mover = await oneBooked();
    const waiting = await customer();
    await join(waiting);
    const moved = await api.sendJson("PUT", "/Appointment/ChangeAsCustomerAccount", {
      ...dateParts(day),
      hour: 16,
      minute: 30,
      serviceIds: [haircut.id],
      phoneNumber: mover.phone,
      appointmentId: mover.id,
      adminId: frisor.userId,
      customerToken: mover.token,
    });
    expect(moved.status).toBe(200);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 1 });
    expect(await offers(waiting)).toHaveLength(1);
  });

  it("an unpaid booking whose payment time runs out", async () => {
    await oneBooked();
    // Farging (paid online, 120 minutes) from 14:00 takes the other staff member's 15:00 while it waits for payment.
    const coloring = (await bookingPage(api, "demo-frisor")).services.Farging!;
    const unpaid = await book(await customer(), {
      hour: 14,
      minute: 0,
      serviceBookings: [{ serviceId: coloring.id, extraServiceIds: [] }],
    });
    expect(unpaid.body).toMatchObject({ status: "awaiting_payment" });
    const waiting = await customer();
    await join(waiting);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    minutes(15);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 1 });
    expect(await offers(waiting)).toHaveLength(1);
  });
});

describe("a refund and a series free times too", () => {
  it("a provider's cancel of a paid booking: refunded, and its time offered", async () => {
    const first = await customer();
    expect((await book(first)).status).toBe(200);
    // Farging (paid online) from 14:00 takes the other staff member's 15:00, and is paid.
    const coloring = (await bookingPage(api, "demo-frisor")).services.Farging!;
    const payer = await customer();
    const unpaid = await book(payer, { hour: 14, minute: 0, serviceBookings: [{ serviceId: coloring.id, extraServiceIds: [] }] });
    const { paymentToken } = unpaid.body as unknown as { paymentToken: string };
    await payWithSimulator(api, frisor, unpaid.body.id, paymentToken);
    const waiting = await customer();
    await join(waiting);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    await cancelByProvider({ db: api.db, messenger: outboxMessenger(keys) }, unpaid.body.id, api.clock.now());
    const refunds = await api.db.query("SELECT 1 FROM refunds r JOIN appointments a ON a.payment_id = r.payment_id WHERE a.id = $1", [
      unpaid.body.id,
    ]);
    expect(refunds).toHaveLength(1);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 1 });
    expect(await offers(waiting)).toHaveLength(1);
  });

  it("a series' later occurrences cancelled on My Page: the second one's time offered", async () => {
    await api.db.query("UPDATE services SET series_every_weeks = '{1}', series_max_occurrences = 4 WHERE id = $1", [haircut.id]);
    const later = [addDays(day, 7), addDays(day, 14)];
    const regular = await customer();
    const series = await book(regular, {
      series: { everyWeeks: 1, occurrences: later.map((date) => ({ ...dateParts(date), hour: 15, minute: 0 })) },
    });
    expect(series.status).toBe(200);
    const ids = (series.body as unknown as { seriesAppointmentIds: number[] }).seriesAppointmentIds;
    expect(ids).toHaveLength(3);
    // The other staff member's 15:00 a week later is taken too: that day is full for the wish.
    expect((await book(await customer(), dateParts(later[0]!))).status).toBe(200);
    const waiting = await customer();
    await join(waiting, { days: [later[0]] });
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    const dropped = await api.request(
      `/Appointment/cancelSeriesByCustomer?appointmentId=${ids[1]}&customerToken=${regular.token}&phoneNumber=${regular.phone}&userId=${frisor.userId}`,
      { method: "POST" },
    );
    expect(dropped.status).toBe(200);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 1 });
    const opened = await (await openOffer((await offers(waiting))[0]!)).json();
    expect(opened.start.slice(0, 10)).toBe(later[0]);
  });
});

describe("exactly once", () => {
  it("50 parallel cancels of one time and a cancel of the other, offered by ten passes over two processes at once: each time offered once", async () => {
    const [ingrid, ola] = await fillTheTime();
    const waiting = [await customer(), await customer()];
    for (const who of waiting) await join(who);
    const other = await api.secondInstance();
    try {
      const cancels = await Promise.all(Array.from({ length: 50 }, (_, n) => cancel(ingrid!, n % 2 ? other : api)));
      expect(cancels.filter((answer) => answer.status === 200)).toHaveLength(1);
      // The other staff member's 15:00 frees too.
      await cancel(ola!, other);
      const passes = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? other.offerWaitlist() : api.offerWaitlist())));
      // Both times free: first in line, the first entry gets one (a customer has one live offer), the second the other.
      expect(passes.reduce((sum, pass) => sum + pass.offered, 0)).toBe(2);
      expect(await offers(waiting[0]!)).toHaveLength(1);
      expect(await offers(waiting[1]!)).toHaveLength(1);
      const [row] = await api.db.query<{ offers: number; customers: number }>(
        `SELECT count(*)::int AS offers, count(DISTINCT customer_id)::int AS customers FROM waitlist_offers`,
      );
      expect(row).toEqual({ offers: 2, customers: 2 });
    } finally {
      await other.close();
    }
  });

  it("one staff member's time freed 50 times at once by cancels, then again by a hold that lapses, over two processes: one offer", async () => {
    const [ingrid] = await fillTheTime();
    const waiting = [await customer(), await customer(), await customer()];
    for (const who of waiting) await join(who, { staffMemberId: ingrid!.staffMemberId });
    const other = await api.secondInstance();
    try {
      const cancels = await Promise.all(Array.from({ length: 50 }, (_, n) => cancel(ingrid!, n % 2 ? other : api)));
      expect(cancels.filter((answer) => answer.status === 200)).toHaveLength(1);
      // Before any pass, a visitor holds the freed time, and lets the hold lapse: the time is freed twice over.
      const held = await holdTheTime({ staffMemberId: ingrid!.staffMemberId });
      expect(held.status).toBe(200);
      minutes(10);
      const passes = await Promise.all(Array.from({ length: 10 }, (_, n) => (n % 2 ? other.offerWaitlist() : api.offerWaitlist())));
      expect(passes.reduce((sum, pass) => sum + pass.offered, 0)).toBe(1);
      expect((await offers(waiting[0]!)).length + (await offers(waiting[1]!)).length + (await offers(waiting[2]!)).length).toBe(1);
      expect(await offers(waiting[0]!)).toHaveLength(1);
      expect(await metric("offered")).toBe(1);
    } finally {
      await other.close();
    }
  });

  it("a customer waiting twice has one live offer at a time", async () => {
    const [ingrid, ola] = await fillTheTime();
    const waiting = await customer();
    await join(waiting);
    await join(waiting, { after: "14:00", before: null });
    await cancel(ingrid!);
    await cancel(ola!);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 1 });
    expect(await offers(waiting)).toHaveLength(1);
    expect(await freeTimes()).toContain(TIME); // the other freed 15:00 is everyone's
  });

  it("notify-all: ten waiting are told, ten book at once over two processes, one gets the time and the others stay on the list", async () => {
    await setMode("notify-all");
    const [ingrid] = await fillTheTime();
    const waiting = [];
    for (let n = 0; n < 10; n++) waiting.push(await customer());
    for (const who of waiting) await join(who);
    await cancel(ingrid!);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 10 });
    const [message] = await api.outbox(waiting[3]!.phone);
    expect(message!.body).toContain("Den som bestiller først, får den");
    // Not held: it shows as free to everyone meanwhile.
    expect(await freeTimes()).toContain(TIME);
    const other = await api.secondInstance();
    try {
      const tokens = await Promise.all(waiting.map(async (who) => (await offers(who))[0]!));
      const answers = await Promise.all(waiting.map((who, n) => book(who, { holdToken: tokens[n] }, n % 2 ? other : api)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.body.code === "occupied")).toHaveLength(9);
      const winner = waiting[answers.findIndex((answer) => answer.status === 200)]!;
      const loser = waiting[answers.findIndex((answer) => answer.status !== 200)]!;
      expect(await (await api.request(`/Waitlist?userId=${frisor.userId}&customerToken=${winner.token}`)).json()).toEqual([]);
      expect(await (await api.request(`/Waitlist?userId=${frisor.userId}&customerToken=${loser.token}`)).json()).toHaveLength(1);
      expect(await metric("taken")).toBe(1);
    } finally {
      await other.close();
    }
  });

  it("notify-all: an offer and a stranger race for the freed time, and exactly one gets it", async () => {
    await setMode("notify-all");
    const [ingrid] = await fillTheTime();
    const waiting = await customer();
    await join(waiting);
    await cancel(ingrid!);
    await api.offerWaitlist();
    const [token] = await offers(waiting);
    const stranger = await customer();
    const answers = await Promise.all([book(waiting, { holdToken: token }), book(stranger)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

describe("notify-all: the losers hear again (issue 57)", () => {
  /** The wish of the ten: the day's 15:00 to 16:00 (starts 15:00 to 15:45). */
  const HOUR = { after: "15:00", before: "16:00" };
  const startAt = (time: string) => fromZoned(day, time, frisor.timeZone).toISOString();
  const entriesOf = async (who: Customer) =>
    (await (await api.request(`/Waitlist?userId=${frisor.userId}&customerToken=${who.token}`)).json()) as unknown[];
  /** What a link answers now: its status, and its refusal's code or the offered start. */
  const answerOf = async (link: string) => {
    const opened = await openOffer(link);
    const body = (await opened.json()) as { code?: string; start?: string };
    return { status: opened.status, code: body.code, start: body.start };
  };

  /**
   * Notify-all. Both staff members' 15:00 booked, and one 15:45 (the second time, freed
   * later); ten customers wait for the hour; one 15:00 is cancelled and offered to all ten.
   */
  async function tenOffered() {
    await setMode("notify-all");
    const [ingrid] = await fillTheTime();
    const late = await customer();
    const lateBooking = await book(late, { hour: 15, minute: 45 });
    expect(lateBooking.status).toBe(200);
    const waiting: Customer[] = [];
    for (let n = 0; n < 10; n++) waiting.push(await customer());
    for (const who of waiting) await join(who, HOUR);
    await cancel(ingrid!);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 10 });
    const links = await Promise.all(waiting.map(async (who) => (await offers(who))[0]!));
    return { late: { ...late, id: lateBooking.body.id }, waiting, links };
  }
  /** As tenOffered, and the first of the ten books the 15:00 with their link. */
  async function oneWonOfTen() {
    const { late, waiting, links } = await tenOffered();
    const [winner, ...losers] = waiting;
    const won = await book(winner!, { holdToken: links[0] });
    expect(won.status).toBe(200);
    return { late, winner: { ...winner!, id: won.body.id }, losers, loserLinks: links.slice(1) };
  }

  it("one wins: the nine losers' offers end, their links say the time was taken and they are still on the list; a second time frees, and each of the nine is offered it once", async () => {
    const { late, winner, losers, loserLinks } = await oneWonOfTen();
    expect(await api.offerWaitlist()).toEqual({ offered: 0, expired: 0, lost: 9 });
    expect(await metric("lost")).toBe(9);
    for (const link of loserLinks) {
      const opened = await openOffer(link);
      expect(opened.status).toBe(410);
      expect(await opened.json()).toEqual({
        code: "waitlist-offer-taken",
        message: "Someone else has booked this time. You are still on the waitlist.",
      });
    }
    for (const who of losers) expect(await entriesOf(who)).toHaveLength(1);
    expect(await entriesOf(winner)).toEqual([]);

    // The second time frees: each loser is told once, of 15:45; the winner, whose entry is done, is not.
    expect((await cancel(late)).status).toBe(200);
    expect(await api.offerWaitlist()).toEqual({ offered: 9, expired: 0, lost: 0 });
    expect(await api.offerWaitlist()).toEqual({ offered: 0, expired: 0, lost: 0 });
    for (const [n, who] of losers.entries()) {
      const [next, first, ...more] = await offers(who);
      expect(more).toEqual([]);
      expect(first).toBe(loserLinks[n]);
      expect(await answerOf(next!)).toEqual({ status: 200, code: undefined, start: startAt("15:45") });
    }
    expect(await offers(winner)).toHaveLength(1);
  });

  it("the winner cancels: the time is offered again to the nine who lost it, once each, and one of them books it", async () => {
    const { winner, losers, loserLinks } = await oneWonOfTen();
    expect(await api.offerWaitlist()).toMatchObject({ lost: 9 });
    expect((await cancel(winner)).status).toBe(200);
    expect(await api.offerWaitlist()).toEqual({ offered: 9, expired: 0, lost: 0 });
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    const again: string[] = [];
    for (const [n, who] of losers.entries()) {
      const [newest, first, ...more] = await offers(who);
      expect(more).toEqual([]);
      expect(first).toBe(loserLinks[n]);
      // The old link still says taken; the new one offers the same 15:00.
      expect(await answerOf(first!)).toMatchObject({ status: 410, code: "waitlist-offer-taken" });
      expect(await answerOf(newest!)).toEqual({ status: 200, code: undefined, start: startAt("15:00") });
      again.push(newest!);
    }
    expect(await offers(winner)).toHaveLength(1);
    expect((await book(losers[4]!, { holdToken: again[4] })).status).toBe(200);
    expect(await api.offerWaitlist()).toMatchObject({ lost: 8 });
  });

  it("a second time freed before the first is won: the losers are offered what the winner left of it, not only what the winner took", async () => {
    const { late, waiting, links } = await tenOffered();
    // 15:45 frees while the 15:00 is still open: the 15:00's staff member is free from 15:00
    // on, so the first start of the freed time the ten may take is 15:15, and each is told of it.
    expect((await cancel(late)).status).toBe(200);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 10 });
    expect(await answerOf((await offers(waiting[1]!))[0]!)).toEqual({ status: 200, code: undefined, start: startAt("15:15") });
    // The winner's 15:00 takes the 15:15 as well; the 15:45 it leaves reaches the nine who lost both.
    expect((await book(waiting[0]!, { holdToken: links[0] })).status).toBe(200);
    expect(await api.offerWaitlist()).toEqual({ offered: 9, expired: 0, lost: 18 });
    for (const who of waiting.slice(1)) {
      const answers = await Promise.all((await offers(who)).map(answerOf));
      expect(answers.sort((a, b) => a.status - b.status || String(a.start).localeCompare(String(b.start)))).toEqual([
        { status: 200, code: undefined, start: startAt("15:45") },
        { status: 410, code: "waitlist-offer-taken", start: undefined },
        { status: 410, code: "waitlist-offer-taken", start: undefined },
      ]);
    }
    expect(await api.offerWaitlist()).toEqual({ offered: 0, expired: 0, lost: 0 });
  });

  it("the winning booking, a second time freed and offer passes at once over two processes: each loser is told of the second time once, and no link to the won time stays open", async () => {
    const { late, waiting, links } = await tenOffered();
    const other = await api.secondInstance();
    try {
      const [won, cancelled] = await Promise.all([
        book(waiting[0]!, { holdToken: links[0] }, other),
        cancel(late),
        ...Array.from({ length: 6 }, (_, n) => (n % 2 ? other : api).offerWaitlist()),
      ]);
      expect([won.status, cancelled.status]).toEqual([200, 200]);
      // Passes after the race, as the server's loop makes every 2 seconds.
      await other.offerWaitlist();
      await api.offerWaitlist();
      for (const who of waiting.slice(1)) {
        const answers = await Promise.all((await offers(who)).map(answerOf));
        // Told of the 15:45 once. Before it, the 15:00 lost, and, had a pass offered the
        // second time before the 15:00 was won, its 15:15, which the winner took too.
        expect(answers.filter((answer) => answer.status === 200)).toEqual([{ status: 200, code: undefined, start: startAt("15:45") }]);
        const closed = answers.filter((answer) => answer.status !== 200);
        expect(closed.length === 1 || closed.length === 2).toBe(true);
        for (const answer of closed) expect(answer).toEqual({ status: 410, code: "waitlist-offer-taken", start: undefined });
      }
      // The winner may have been told of 15:45 before their booking ended their entry: that link is closed now.
      const [used, ...rest] = (await offers(waiting[0]!)).reverse();
      expect(await answerOf(used!)).toMatchObject({ status: 410, code: "waitlist-offer-used" });
      for (const link of rest) expect((await answerOf(link)).status).toBe(410);
    } finally {
      await other.close();
    }
  });

  it("a loser holding the time while they book ends no one's offer; their booking does", async () => {
    const { waiting, links } = await tenOffered();
    const held = await holdTheTime({ holdToken: links[2] });
    expect(held.status).toBe(200);
    expect(await api.offerWaitlist()).toMatchObject({ lost: 0 });
    expect((await answerOf(links[5]!)).status).toBe(200);
    // Held: the others cannot book it meanwhile, and stay on the list with their offers.
    expect((await book(waiting[5]!, { holdToken: links[5] })).body.code).toBe("occupied");
    expect((await book(waiting[2]!, { holdToken: links[2] })).status).toBe(200);
    expect(await api.offerWaitlist()).toMatchObject({ lost: 9 });
  });

  it("anyone's booking wins: a stranger books the offered time, and all ten offers end as taken", async () => {
    const { links } = await tenOffered();
    expect((await book(await customer())).status).toBe(200);
    expect(await api.offerWaitlist()).toMatchObject({ lost: 10 });
    for (const link of links) expect(await answerOf(link)).toMatchObject({ status: 410, code: "waitlist-offer-taken" });
  });

  it("offers that run out by the clock before the time is booked end as run out, not taken; the time freed again is not offered to them again", async () => {
    const { links } = await tenOffered();
    minutes(15);
    expect(await api.offerWaitlist()).toEqual({ offered: 0, expired: 10, lost: 0 });
    const stranger = await customer();
    const booked = await book(stranger);
    expect(booked.status).toBe(200);
    expect(await api.offerWaitlist()).toEqual({ offered: 0, expired: 0, lost: 0 });
    for (const link of links) expect(await answerOf(link)).toMatchObject({ status: 410, code: "waitlist-offer-expired" });
    // They had their chance at it: its freeing again is for others (and the calendar).
    expect((await cancel({ ...stranger, id: booked.body.id })).status).toBe(200);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
  });
});

describe("the link", () => {
  it("an unknown link is 404 and counts against the address's token limit; a page's link does not open on another page", async () => {
    const [ingrid] = await fillTheTime();
    const waiting = await customer();
    await join(waiting);
    await cancel(ingrid!);
    await api.offerWaitlist();
    const [token] = await offers(waiting);
    const salon = (await bookingPage(api, "demo-salon")).provider;
    expect((await api.request(`/Waitlist/offer?userId=${salon.userId}&offerToken=${token}`)).status).toBe(404);
    const guesses = await Promise.all(
      Array.from({ length: 40 }, () =>
        api.request(`/Waitlist/offer?userId=${frisor.userId}&offerToken=${"f".repeat(48)}`, {
          headers: { "x-forwarded-for": "203.0.113.9" },
        }),
      ),
    );
    expect(guesses.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
    expect((await openOffer(token!)).status).toBe(200);
  });

  it("a page says whether it keeps a waitlist; one that switches it off offers nothing more", async () => {
    const [ingrid] = await fillTheTime();
    const waiting = await customer();
    await join(waiting);
    const settings = async () => (await api.request(`/Waitlist/settings?userId=${frisor.userId}`)).json();
    expect(await settings()).toEqual({ enabled: true, offerMinutes: 15, mode: "first-in-line" });
    await api.db.query("UPDATE providers SET waitlist_enabled = false WHERE id = $1", [frisor.userId]);
    expect(await settings()).toMatchObject({ enabled: false });
    await cancel(ingrid!);
    expect(await api.offerWaitlist()).toMatchObject({ offered: 0 });
    expect(await offers(waiting)).toEqual([]);
  });

  it("with no page keeping a list and no offer open, a pass of the worker writes nothing; a list switched on later sweeps from there", async () => {
    const swept = async () =>
      (await api.db.query<{ at: Date | string | null }>("SELECT swept_until AS at FROM waitlist_sweep WHERE id = 1"))[0]!.at;
    await api.offerWaitlist();
    const before = await swept();
    await api.db.query("UPDATE providers SET waitlist_enabled = false");
    minutes(5);
    expect(await api.offerWaitlist()).toEqual({ offered: 0, expired: 0, lost: 0 });
    expect(await swept()).toEqual(before);
    // Two days later a page keeps a list again: the sweep runs, and moves on from now.
    minutes(2 * 24 * 60);
    await api.db.query("UPDATE providers SET waitlist_enabled = true WHERE id = $1", [frisor.userId]);
    await api.offerWaitlist();
    expect(new Date((await swept())!).getTime()).toBe(api.clock.now().getTime());
  });
});
