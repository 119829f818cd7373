import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { purgeExpired } from "../../demo/api/operations/purge.ts";
import { ENTRIES_PER_DAY } from "../../demo/api/waitlist/waitlist-entries.ts";
import { addDays, fromZoned, weekdayOf } from "../../src/contract/zoned-time.ts";
import { testSeed } from "../fixtures/test-seed.ts";
import { bookingPage, loginToken } from "../support/booking-helpers.ts";
import { demoToday } from "../support/expected-times.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Issue 46: joining the waitlist (our extension, docs/reference-api.md "Waitlist"). Only a
// proven customer joins, for one to three days of a page that keeps a list; the entry is
// theirs alone to see and remove, and ends by itself with its last day. Joins are bounded
// per address and network, per customer and per page and day. Runs on PGlite (api) and
// PostgreSQL (api-postgres).

const KARI = { phone: "41234567", password: "frisor-demo-1" };
let api: TestApi;
let frisor: { userId: number };
let coloring: number;
let haircut: number;

/** The test seed with demo-frisor's waitlist on (first in line, offers of 15 minutes). */
function seedWithWaitlist() {
  const seed = structuredClone(testSeed);
  const page = seed.companies.flatMap((company) => company.providers).find((one) => one.bookingLink === "demo-frisor")!;
  Object.assign(page, { waitlist: { enabled: true } });
  return seed;
}

beforeAll(async () => {
  // Behind one trusted proxy: a test names its caller's address in X-Forwarded-For.
  api = await startTestApi({ seed: seedWithWaitlist(), trustedProxyHops: 1 });
  const page = await bookingPage(api, "demo-frisor");
  frisor = page.provider;
  coloring = page.services.Farging!.id;
  haircut = page.services.Dameklipp!.id;
});
afterAll(() => api?.close());
beforeEach(() => api.reset());

const today = () => demoToday("demo-frisor");
const kari = () => loginToken(api, frisor as never, KARI.phone, KARI.password);
const join = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api.request(`/Waitlist?userId=${frisor.userId}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ serviceBookings: [{ serviceId: coloring }], days: [addDays(today(), 2)], ...body }),
  });
const entries = async (token: string) => (await api.request(`/Waitlist?userId=${frisor.userId}&customerToken=${token}`)).json();
const stored = async () => (await api.db.query<{ count: number }>("SELECT count(*)::int AS count FROM waitlist_entries"))[0]!.count;

describe("joining the waitlist", () => {
  it("a proven customer joins for two days after 15:00, sees the entry, and removes it", async () => {
    const token = await kari();
    const days = [addDays(today(), 3), addDays(today(), 2)];
    const answer = await join({ customerAccountIdentificationCode: token, days, after: "15:00" });
    expect(answer.status).toBe(200);
    const entry = (await answer.json()) as { id: number; days: string[]; endsAt: string };
    expect(entry).toMatchObject({
      serviceIds: [coloring],
      staffMemberId: null,
      days: [addDays(today(), 2), addDays(today(), 3)],
      after: "15:00",
      before: null,
    });
    // It ends by itself at midnight after its last day, in Oslo.
    expect(new Date(entry.endsAt).toLocaleString("sv-SE", { timeZone: "Europe/Oslo" })).toBe(`${addDays(today(), 4)} 00:00:00`);
    expect(await entries(token)).toEqual([entry]);
    const removed = await api.request(`/Waitlist/${entry.id}?userId=${frisor.userId}&customerToken=${token}`, { method: "DELETE" });
    expect(await removed.json()).toEqual({ removed: true });
    expect(await entries(token)).toEqual([]);
    // Removed is removed: a second time is no entry.
    expect((await api.request(`/Waitlist/${entry.id}?userId=${frisor.userId}&customerToken=${token}`, { method: "DELETE" })).status).toBe(
      404,
    );
  });

  it("without a proof it is refused: no token, a made-up one, or another page's customer's", async () => {
    const salon = (await bookingPage(api, "demo-salon")).provider;
    const taylor = await loginToken(api, salon, "2125550123", "salon-demo-1");
    for (const token of ["", "f".repeat(48), taylor]) {
      const answer = await join({ customerAccountIdentificationCode: token });
      expect(answer.status).toBe(403);
      expect((await answer.json()).code).toBe("verification-required");
    }
    expect(await stored()).toBe(0);
  });

  it("someone else's entry can be neither seen nor removed", async () => {
    const token = await kari();
    const entry = (await (await join({ customerAccountIdentificationCode: token })).json()) as { id: number };
    const stranger = "a".repeat(48);
    expect((await api.request(`/Waitlist?userId=${frisor.userId}&customerToken=${stranger}`)).status).toBe(403);
    expect(
      (await api.request(`/Waitlist/${entry.id}?userId=${frisor.userId}&customerToken=${stranger}`, { method: "DELETE" })).status,
    ).toBe(403);
    expect(await entries(token)).toHaveLength(1);
  });

  it.each([
    [{ days: [addDays(demoToday("demo-frisor"), -1)] }, /days.*has passed/],
    [{ days: [0, 1, 2, 3].map((n) => addDays(demoToday("demo-frisor"), n)) }, /at most 3 days/],
    [{ days: [addDays(demoToday("demo-frisor"), 91)] }, /past the booking window/],
    [{ after: "16:00", before: "15:00" }, /after must come before before/],
    [{ after: "4pm" }, /"after": must be HH:mm/],
    [{ staffMemberId: 999999 }, /staffMemberId/],
    [{ serviceBookings: [] }, /choose at least one service/],
  ])("a bad wish is refused 400, naming what is wrong (%#)", async (wish, problem) => {
    const answer = await join({ customerAccountIdentificationCode: await kari(), ...wish });
    expect(answer.status).toBe(400);
    expect((await answer.json()).message).toMatch(problem);
    expect(await stored()).toBe(0);
  });

  it("a day past its last possible start is refused: colouring (120 minutes) cannot start after 16:00 when the page closes at 18:00", async () => {
    let day = addDays(today(), 1);
    while (![2, 3, 4, 5, 6].includes(weekdayOf(day))) day = addDays(day, 1);
    api.clock.set(fromZoned(day, "16:01", "Europe/Oslo"));
    const token = await kari();
    const late = await join({ customerAccountIdentificationCode: token, days: [day] });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ message: expect.stringContaining(`${day} is past its last possible start`) });
    // The next day still takes the entry, and so does this day before 16:00, for a shorter service too.
    expect((await join({ customerAccountIdentificationCode: token, days: [addDays(day, 1)] })).status).toBe(200);
    expect((await join({ customerAccountIdentificationCode: token, days: [day], serviceBookings: [{ serviceId: haircut }] })).status).toBe(
      200,
    );
    api.clock.set(fromZoned(day, "16:00", "Europe/Oslo"));
    expect((await join({ customerAccountIdentificationCode: token, days: [day] })).status).toBe(200);
    expect(await stored()).toBe(3);
  });

  it("a page without a waitlist refuses the join: waitlist-off", async () => {
    const salon = (await bookingPage(api, "demo-salon")).provider;
    const token = await loginToken(api, salon, "2125550123", "salon-demo-1");
    const answer = await api.postJson(`/Waitlist?userId=${salon.userId}`, {
      customerAccountIdentificationCode: token,
      serviceBookings: [{ serviceId: (await bookingPage(api, "demo-salon")).services["Full color"]!.id }],
      days: [addDays(demoToday("demo-salon"), 2)],
    });
    expect(answer.status).toBe(409);
    expect((await answer.json()).code).toBe("waitlist-off");
  });
});

describe("bounded", () => {
  it("a customer waits three times at most on a page; removing one makes room", async () => {
    const token = await kari();
    const made = [];
    for (const n of [1, 2, 3])
      made.push((await (await join({ customerAccountIdentificationCode: token, days: [addDays(today(), n)] })).json()) as { id: number });
    const fourth = await join({ customerAccountIdentificationCode: token, serviceBookings: [{ serviceId: haircut }] });
    expect(fourth.status).toBe(409);
    expect((await fourth.json()).code).toBe("waitlist-entries-used-up");
    await api.request(`/Waitlist/${made[0]!.id}?userId=${frisor.userId}&customerToken=${token}`, { method: "DELETE" });
    expect((await join({ customerAccountIdentificationCode: token, serviceBookings: [{ serviceId: haircut }] })).status).toBe(200);
  });

  it("a full day takes nobody more: waitlist-full, while another day still takes them", async () => {
    const day = addDays(today(), 2);
    // A hundred entries of other customers (one stands for them all).
    const [{ id: customerId }] = (await api.db.query<{ id: number }>(
      "INSERT INTO customer_accounts (provider_id, first_name, phone_number) VALUES ($1, 'Others', '40000000') RETURNING id",
      [frisor.userId],
    )) as [{ id: number }];
    await api.db.query(
      `INSERT INTO waitlist_entries (provider_id, customer_id, service_ids, days, created_at, ends_at)
       SELECT $1, $2, ARRAY[$3::int], ARRAY[$4::date], $5, $6 FROM generate_series(1, $7)`,
      [frisor.userId, customerId, coloring, day, api.clock.now(), new Date(api.clock.now().getTime() + 7 * 86_400_000), ENTRIES_PER_DAY],
    );
    const token = await kari();
    const full = await join({ customerAccountIdentificationCode: token, days: [day, addDays(today(), 3)] });
    expect(full.status).toBe(409);
    expect((await full.json()).code).toBe("waitlist-full");
    expect((await join({ customerAccountIdentificationCode: token, days: [addDays(today(), 3)] })).status).toBe(200);
  });

  it("1000 parallel joins from one address make ten at most (the rest 429); another address still joins", async () => {
    const token = await kari();
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => join({ customerAccountIdentificationCode: token }, { "x-forwarded-for": "203.0.113.7" })),
    );
    const statuses = answers.map((answer) => answer.status);
    // Ten get past the address's limit; of those, Kari's three entries are made and the rest refused as used up.
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(7);
    expect(statuses.filter((status) => status === 429)).toHaveLength(990);
    expect(await stored()).toBe(3);
    // Another network is not held back by that address's count (Kari herself has no room left).
    const elsewhere = await join({ customerAccountIdentificationCode: token }, { "x-forwarded-for": "198.51.100.9" });
    expect((await elsewhere.json()).code).toBe("waitlist-entries-used-up");
  });

  it("an entry ends by itself after its last day, and the purge removes it a day later", async () => {
    const token = await kari();
    await join({ customerAccountIdentificationCode: token, days: [addDays(today(), 1)] });
    api.clock.set(new Date(api.clock.now().getTime() + 3 * 86_400_000));
    expect(await entries(token)).toEqual([]);
    expect(await purgeExpired(api.db, api.clock.now(), new Date())).toMatchObject({ "ended waitlist entries": 1 });
    expect(await stored()).toBe(0);
  });
});
