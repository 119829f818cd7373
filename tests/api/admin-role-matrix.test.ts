import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Area, CSRF_HEADER, OWNER_ROLE, type Role } from "../../src/contract/index.ts";
import { addDays, fromZoned } from "../../src/contract/zoned-time.ts";
import { type AdminClient, adminHeaders, makeAccount, seededOwner, seededStaff, signIn } from "../support/admin-session.ts";
import { bookingPage, hoursFor } from "../support/booking-helpers.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

/**
 * The role matrix (issue 59): every admin route × every way of asking, and the status
 * each must answer. The table is the spec of the API's checks: a row per route with the
 * area its need names and a sample request; a column per way of asking.
 *
 * - noSession: no cookie; ended: a session signed out; none/read/readWrite: a person whose
 *   role has the row's area at that level and EVERY other area at ReadWrite (so the area
 *   alone decides);
 * - foreign: a ReadWrite person asking with another page's id (404, never the object);
 * - ownScope: a role of scope "own" against another staff member's appointment (day routes);
 * - noCsrf / crossSite / noContentType: a ReadWrite person's request without the
 *   X-CSRF-Token, with another site's Origin, without Content-Type.
 * "-": the column does not apply to the route.
 *
 * To add a route (the day engineer's module): one row, with its area and a sample that
 * answers { path, body } for a column (the column tells which ids to use).
 */
const COLUMNS = ["noSession", "ended", "none", "read", "readWrite", "foreign", "ownScope", "noCsrf", "crossSite", "noContentType"] as const;
type Column = (typeof COLUMNS)[number];
type Expected = number | "-";

interface Context {
  api: TestApi;
  /** The page the person belongs to, and another page (for the foreign column). */
  page: Ids;
  other: Ids;
  column: Column;
  /** The asking person's account id. */
  me: number;
}
interface Ids {
  bookingLink: string;
  providerId: number;
  /** The seeded view-only staff member's account, role and staff member. */
  staffAccountId: number;
  viewOnlyRoleId: number;
  staffMemberId: number;
}
interface Row {
  route: string;
  area: Area;
  sample: (ctx: Context) => Promise<{ path: string; body?: unknown }> | { path: string; body?: unknown };
  expect: readonly [Expected, Expected, Expected, Expected, Expected, Expected, Expected, Expected, Expected, Expected];
}

const role = (name: string): Role => ({ ...OWNER_ROLE, name, appointments: "read", administration: "none" });
/** The page's own ids, or the other page's in the foreign column. */
const ids = (ctx: Context) => (ctx.column === "foreign" ? ctx.other : ctx.page);
/** A role nobody has (created for the sample), on the page the column names. */
const unusedRole = async (ctx: Context) => {
  const [row] = await ctx.api.db.query<{ id: number }>(
    `INSERT INTO admin_roles (provider_id, name, appointments, settings, statistics, administration, scope, hide_contacts)
     VALUES ($1, $2, 'read', 'none', 'none', 'none', 'all', true) RETURNING id`,
    [ids(ctx).providerId, `Unused ${ctx.column}`],
  );
  return row!.id;
};

/** A passkey of the asking person (of the other page's staff member in the foreign column). */
const passkeyOf = async (ctx: Context) => {
  const [row] = await ctx.api.db.query<{ id: number }>(
    `INSERT INTO admin_passkeys (account_id, credential_id, public_key, created_at) VALUES ($1, $2, 'x', $3) RETURNING id`,
    [ctx.column === "foreign" ? ctx.other.staffAccountId : ctx.me, `credential-${ctx.column}`, ctx.api.clock.now()],
  );
  return row!.id;
};

/** The page owner's session, signed in once before the tests and kept (a sign-in costs a password check). */
const owners = new Map<string, ReturnType<typeof signIn>>();
const ownerOf = (api: TestApi, bookingLink: string) => {
  if (!owners.has(bookingLink)) owners.set(bookingLink, signIn(api, seededOwner(bookingLink)));
  return owners.get(bookingLink)!;
};

/**
 * A live appointment of the page the column names (the other page's in the foreign
 * column), booked by its owner on the phone: with a staff member who is not the asking
 * person's (so the own-scope column asks for a colleague's), at the first free start, with
 * the second free start kept for a move.
 */
let callers = 0;
const appointmentOf = async (ctx: Context) => {
  const { bookingLink } = ids(ctx);
  const { provider, services } = await bookingPage(ctx.api, bookingLink);
  const service = Object.values(services).find((one) => one.firstAvailable)!;
  const staff = await ctx.api.db.query<{ id: number }>(
    "SELECT s.id FROM staff_members s JOIN staff_services ss ON ss.staff_member_id = s.id WHERE s.provider_id = $1 AND ss.service_id = $2 AND s.id <> $3 ORDER BY s.id",
    [provider.userId, service.id, ctx.page.staffMemberId],
  );
  const staffMemberId = staff[0]!.id;
  // The first day with two free starts at least (the row's earlier columns booked some).
  let starts: string[] = [];
  for (let iso = service.firstAvailable!; starts.length < 2; iso = addDays(iso, 1)) {
    const day = await hoursFor(ctx.api, provider, service, { staffMemberId }, iso);
    starts = day.hoursToBook.map((hour) => fromZoned(iso, hour.backendLabel, provider.timeZone).toISOString());
  }
  const owner = await ownerOf(ctx.api, bookingLink);
  const booked = await owner.request("/admin/appointments", {
    method: "POST",
    body: {
      staffMemberId,
      start: starts[0],
      services: [{ serviceId: service.id }],
      customer: { name: "Matrix Customer", phone: `4123${String(++callers).padStart(4, "0")}` },
    },
  });
  expect(booked.status).toBe(201);
  const { appointment } = (await booked.json()) as { appointment: { id: number } };
  return { id: appointment.id, staffMemberId, serviceId: service.id, first: starts[0]!, second: starts[1]!, last: starts.at(-1)! };
};

// biome-ignore format: the table is read by its columns
const MATRIX: Row[] = [
  //                                                                                          noSession ended none read rw  foreign own noCsrf xSite noCT
  { route: "GET /admin/session", area: "administration", sample: () => ({ path: "/admin/session" }),
    expect: [401, 401, 200, 200, 200, "-", "-", 200, 200, 200] },
  { route: "DELETE /admin/session", area: "administration", sample: () => ({ path: "/admin/session" }),
    expect: [401, 401, 204, 204, 204, "-", "-", 403, 403, 415] },
  { route: "GET /admin/people", area: "administration", sample: () => ({ path: "/admin/people" }),
    expect: [401, 401, 403, 200, 200, "-", "-", 200, 200, 200] },
  { route: "PATCH /admin/people/:id", area: "administration",
    sample: (ctx) => ({ path: `/admin/people/${ids(ctx).staffAccountId}`, body: { roleId: ctx.page.viewOnlyRoleId } }),
    expect: [401, 401, 403, 403, 200, 404, "-", 403, 403, 415] },
  { route: "PATCH /admin/people/:id (roleId)", area: "administration",
    sample: (ctx) => ({ path: `/admin/people/${ctx.page.staffAccountId}`, body: { roleId: ids(ctx).viewOnlyRoleId } }),
    expect: [401, 401, 403, 403, 200, 404, "-", 403, 403, 415] },
  { route: "PATCH /admin/people/:id (staffMemberId)", area: "administration",
    sample: (ctx) => ({ path: `/admin/people/${ctx.page.staffAccountId}`, body: { staffMemberId: ids(ctx).staffMemberId } }),
    expect: [401, 401, 403, 403, 200, 404, "-", 403, 403, 415] },
  { route: "POST /admin/people/:id/disable", area: "administration",
    sample: (ctx) => ({ path: `/admin/people/${ids(ctx).staffAccountId}/disable` }),
    expect: [401, 401, 403, 403, 200, 404, "-", 403, 403, 415] },
  { route: "DELETE /admin/people/:id/sessions", area: "administration",
    sample: (ctx) => ({ path: `/admin/people/${ids(ctx).staffAccountId}/sessions` }),
    expect: [401, 401, 403, 403, 200, 404, "-", 403, 403, 415] },
  { route: "POST /admin/invitations", area: "administration",
    sample: (ctx) => ({ path: "/admin/invitations", body: { email: "invited@example.com", roleId: ids(ctx).viewOnlyRoleId } }),
    expect: [401, 401, 403, 403, 201, 404, "-", 403, 403, 415] },
  { route: "GET /admin/roles", area: "administration", sample: () => ({ path: "/admin/roles" }),
    expect: [401, 401, 403, 200, 200, "-", "-", 200, 200, 200] },
  { route: "POST /admin/roles", area: "administration", sample: () => ({ path: "/admin/roles", body: role("Front desk") }),
    expect: [401, 401, 403, 403, 201, "-", "-", 403, 403, 415] },
  { route: "PUT /admin/roles/:id", area: "administration",
    sample: (ctx) => ({ path: `/admin/roles/${ids(ctx).viewOnlyRoleId}`, body: role("Renamed") }),
    expect: [401, 401, 403, 403, 200, 404, "-", 403, 403, 415] },
  { route: "DELETE /admin/roles/:id", area: "administration",
    sample: async (ctx) => ({ path: `/admin/roles/${await unusedRole(ctx)}` }),
    expect: [401, 401, 403, 403, 204, 404, "-", 403, 403, 415] },
  { route: "GET /admin/audit", area: "administration", sample: () => ({ path: "/admin/audit" }),
    expect: [401, 401, 403, 200, 200, "-", "-", 200, 200, 200] },
  // Passkeys: any signed-in person's own (400: the sample's answer signs no challenge, so it reaches the passkey check).
  { route: "POST /admin/passkeys/options", area: "administration", sample: () => ({ path: "/admin/passkeys/options" }),
    expect: [401, 401, 200, 200, 200, "-", "-", 403, 403, 415] },
  { route: "POST /admin/passkeys", area: "administration",
    sample: () => ({ path: "/admin/passkeys", body: { response: { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "e30" } } } }),
    expect: [401, 401, 400, 400, 400, "-", "-", 403, 403, 415] },
  { route: "GET /admin/passkeys", area: "administration", sample: () => ({ path: "/admin/passkeys" }),
    expect: [401, 401, 200, 200, 200, "-", "-", 200, 200, 200] },
  { route: "DELETE /admin/passkeys/:id", area: "administration", sample: async (ctx) => ({ path: `/admin/passkeys/${await passkeyOf(ctx)}` }),
    expect: [401, 401, 204, 204, 204, 404, "-", 403, 403, 415] },
  // The day (issue 59 point 4). Own scope: a colleague's column or appointment is another's (404), as another page's is.
  { route: "GET /admin/day", area: "appointments",
    sample: async (ctx) => ({ path: `/admin/day?date=2026-12-07&staff=${(await appointmentOf(ctx)).staffMemberId}` }),
    expect: [401, 401, 403, 200, 200, 404, 404, 200, 200, 200] },
  { route: "GET /admin/changes", area: "appointments",
    sample: async (ctx) => {
      // Where a calendar of the page read just now would ask from.
      const owner = await ownerOf(ctx.api, ctx.page.bookingLink);
      const { cursor } = (await (await owner.request("/admin/day?date=2026-12-07")).json()) as { cursor: string };
      return { path: `/admin/changes?after=${cursor}` };
    },
    expect: [401, 401, 403, 200, 200, "-", "-", 200, 200, 200] },
  { route: "GET /admin/customers", area: "appointments", sample: () => ({ path: "/admin/customers?query=Matrix" }),
    expect: [401, 401, 403, 200, 200, "-", "-", 200, 200, 200] },
  { route: "GET /admin/appointments/:id", area: "appointments",
    sample: async (ctx) => ({ path: `/admin/appointments/${(await appointmentOf(ctx)).id}` }),
    expect: [401, 401, 403, 200, 200, 404, 404, 200, 200, 200] },
  { route: "POST /admin/appointments", area: "appointments",
    sample: async (ctx) => {
      const { staffMemberId, serviceId, last } = await appointmentOf(ctx);
      return { path: "/admin/appointments", body: { staffMemberId, start: last, services: [{ serviceId }], customer: { name: "Phone Customer", phone: `4124${String(++callers).padStart(4, "0")}` } } };
    },
    expect: [401, 401, 403, 403, 201, 404, 404, 403, 403, 415] },
  { route: "POST /admin/appointments/:id/cancel", area: "appointments",
    sample: async (ctx) => ({ path: `/admin/appointments/${(await appointmentOf(ctx)).id}/cancel`, body: {} }),
    expect: [401, 401, 403, 403, 200, 404, 404, 403, 403, 415] },
  { route: "POST /admin/appointments/:id/move", area: "appointments",
    sample: async (ctx) => {
      const { id, staffMemberId, second } = await appointmentOf(ctx);
      return { path: `/admin/appointments/${id}/move`, body: { start: second, staffMemberId } };
    },
    expect: [401, 401, 403, 403, 200, 404, 404, 403, 403, 415] },
  { route: "POST /admin/appointments/:id/attendance", area: "appointments",
    sample: async (ctx) => ({ path: `/admin/appointments/${(await appointmentOf(ctx)).id}/attendance`, body: { attendance: null } }),
    expect: [401, 401, 403, 403, 200, 404, 404, 403, 403, 415] },
];

/** The public routes: no session, so only the change checks apply (Origin, JSON). */
// biome-ignore format: the table is read by its columns
const PUBLIC: { route: string; body: unknown; crossSite: number; noContentType: number }[] = [
  { route: "POST /admin/session", body: { bookingLink: "demo-salon", email: "x@example.com", password: "x" }, crossSite: 403, noContentType: 415 },
  { route: "POST /admin/password-reset", body: { bookingLink: "demo-salon", email: "x@example.com" }, crossSite: 403, noContentType: 415 },
  { route: "POST /admin/password-reset/code", body: { bookingLink: "demo-salon", email: "x@example.com", code: "12345", newPassword: "0123456789" }, crossSite: 403, noContentType: 415 },
  { route: "POST /admin/invitations/accept", body: { token: "x".repeat(43), name: "X", password: "0123456789" }, crossSite: 403, noContentType: 415 },
  { route: "POST /admin/passkey-session/options", body: { bookingLink: "demo-salon" }, crossSite: 403, noContentType: 415 },
  { route: "POST /admin/passkey-session", body: { bookingLink: "demo-salon", response: { id: "x", rawId: "x", type: "public-key", response: { clientDataJSON: "e30" } } }, crossSite: 403, noContentType: 415 },
];

let api: TestApi;
let page: Ids;
let other: Ids;
beforeAll(async () => {
  api = await startTestApi();
  page = await idsOf("demo-salon");
  other = await idsOf("demo-clinic");
  await signInAskers();
  await api.keepAsSeeded();
});
afterAll(() => api.close());

async function idsOf(bookingLink: string): Promise<Ids> {
  const [row] = await api.db.query<Omit<Ids, "bookingLink">>(
    `SELECT a.provider_id AS "providerId", a.id AS "staffAccountId", a.role_id AS "viewOnlyRoleId", a.staff_member_id AS "staffMemberId"
       FROM admin_accounts a JOIN providers p ON p.id = a.provider_id WHERE p.booking_link = $1 AND lower(a.email) = $2`,
    [bookingLink, seededStaff(bookingLink).email],
  );
  return { bookingLink, ...row! };
}

/** How the asking person's role reaches the row's area: the column's level, or ReadWrite (own scope: of their own staff member). */
const reachOf = (column: Column) => (column === "none" || column === "read" || column === "ownScope" ? column : "readWrite");
type Reach = ReturnType<typeof reachOf>;

/**
 * The people who ask, signed in once before the tests and kept as seeded
 * (api.keepAsSeeded): per area the row's need names, one per reach, every other area at
 * ReadWrite (so the area alone decides); and one whose session was signed out.
 */
const askers = new Map<string, { id: number; client: AdminClient }>();
let signedOut: { id: number; client: AdminClient };
async function signInAskers() {
  for (const area of new Set(MATRIX.map((row) => row.area)))
    for (const reach of ["none", "read", "readWrite", "ownScope"] as const) {
      const account = await makeAccount(api, {
        bookingLink: page.bookingLink,
        role: {
          ...OWNER_ROLE,
          name: `Asking: ${area} ${reach}`,
          [area]: reach === "ownScope" ? "readWrite" : reach,
          scope: reach === "ownScope" ? "own" : "all",
        },
        staffMemberId: reach === "ownScope" ? page.staffMemberId : null,
      });
      askers.set(`${area}:${reach}`, { id: account.id, client: await signIn(api, account) });
    }
  const account = await makeAccount(api, { bookingLink: page.bookingLink, role: { ...OWNER_ROLE, name: "Asking: signed out" } });
  signedOut = { id: account.id, client: await signIn(api, account) };
  expect((await signedOut.client.request("/admin/session", { method: "DELETE" })).status).toBe(204);
  for (const link of [page.bookingLink, other.bookingLink]) await ownerOf(api, link);
}

/** Asks as the column says and answers the status. */
async function ask(row: Row, column: Column): Promise<number> {
  const [method, pattern] = row.route.split(" ") as [string, string];
  const asker = column === "ended" ? signedOut : askers.get(`${row.area}:${reachOf(column) satisfies Reach}`)!;
  const { path, body } = await row.sample({ api, page, other, column, me: asker.id });
  expect(path.startsWith(pattern.replace(/\/:.*$/, ""))).toBe(true);
  const headers = adminHeaders(asker.client.cookie, asker.client.csrfToken, method === "GET" ? "DELETE" : method);
  if (column === "noSession") delete headers.cookie;
  if (column === "noCsrf") delete headers[CSRF_HEADER];
  if (column === "crossSite") headers.origin = "https://evil.example";
  if (column === "noContentType") delete headers["content-type"];
  const answer = await api.request(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return answer.status;
}

describe("the role matrix: every admin route answers what the table says", () => {
  for (const row of MATRIX) {
    it(row.route, async () => {
      // Each column starts from the seed (the askers signed in, kept): a change a column
      // made (a ReadWrite that answered 2xx: a sign-out, a disabled person) is undone first.
      const answered: Record<string, Expected> = {};
      const expected: Record<string, Expected> = {};
      let changed = true;
      for (const [index, column] of COLUMNS.entries()) {
        expected[column] = row.expect[index]!;
        if (row.expect[index] === "-") {
          answered[column] = "-";
          continue;
        }
        if (changed) await api.reset();
        const status = await ask(row, column);
        changed = !row.route.startsWith("GET ") && status < 300;
        answered[column] = status;
      }
      expect(answered).toEqual(expected);
    });
  }

  for (const row of PUBLIC) {
    it(`${row.route} (public)`, async () => {
      const [method, path] = row.route.split(" ") as [string, string];
      const send = (headers: Record<string, string>) => api.request(path, { method, headers, body: JSON.stringify(row.body) });
      await api.reset();
      expect({
        crossSite: (await send({ "content-type": "application/json", origin: "https://evil.example" })).status,
        noOrigin: (await send({ "content-type": "application/json" })).status,
        noContentType: (await send({ origin: TEST_ORIGIN })).status,
        textPlain: (await send({ "content-type": "text/plain", origin: TEST_ORIGIN })).status,
      }).toEqual({ crossSite: row.crossSite, noOrigin: row.crossSite, noContentType: row.noContentType, textPlain: row.noContentType });
    });
  }
});

describe("the table's reach", () => {
  it("has a row for every admin route the API serves", () => {
    const inTable = new Set([...MATRIX.map((row) => row.route.split(" (")[0]!), ...PUBLIC.map((row) => row.route)]);
    const served = new Set(
      api.app.routes
        .filter((route) => route.method !== "ALL" && /^\/api\/admin(\/|$)/.test(route.path))
        .map((route) => `${route.method} ${route.path.replace(/^\/api/, "")}`),
    );
    expect([...served].filter((route) => !inTable.has(route))).toEqual([]);
    expect([...inTable].filter((route) => !served.has(route))).toEqual([]);
  });
});

describe("what a strict body refuses", () => {
  it("refuses an owner flag, another account's id or an unknown key with 400, and changes nothing", async () => {
    await api.reset();
    const owner = await signIn(api, { bookingLink: "demo-salon", email: "owner@demo-salon.example", password: "demo-owner-password" });
    for (const body of [
      { roleId: page.viewOnlyRoleId, owner: true },
      { roleId: page.viewOnlyRoleId, accountId: owner.session.account.id },
      { roleId: page.viewOnlyRoleId, email: "attacker@example.com" },
    ]) {
      expect((await owner.request(`/admin/people/${page.staffAccountId}`, { method: "PATCH", body })).status).toBe(400);
    }
    expect((await owner.request("/admin/roles", { method: "POST", body: { ...role("Sneaky"), owner: true } })).status).toBe(400);
    expect((await owner.request(`/admin/roles/${page.viewOnlyRoleId}`, { method: "PUT", body: { ...role("X"), id: 1 } })).status).toBe(400);
    const people = (await (await owner.request("/admin/people")).json()) as { owner: boolean; email: string }[];
    expect(people.filter((person) => person.owner).map((person) => person.email)).toEqual(["owner@demo-salon.example"]);
  });

  it("never lets the last owner be disabled, and lets no one but an owner touch an owner", async () => {
    await api.reset();
    const owner = await signIn(api, { bookingLink: "demo-salon", email: "owner@demo-salon.example", password: "demo-owner-password" });
    const last = await owner.request(`/admin/people/${owner.session.account.id}/disable`, { method: "POST" });
    expect(last.status).toBe(409);
    expect((await last.json()).code).toBe("last-owner");
    const admin = await signIn(api, await makeAccount(api, { bookingLink: "demo-salon", role: { administration: "readWrite" } }));
    for (const [method, path] of [
      ["POST", `/admin/people/${owner.session.account.id}/disable`],
      ["DELETE", `/admin/people/${owner.session.account.id}/sessions`],
      ["PATCH", `/admin/people/${owner.session.account.id}`],
    ] as const) {
      const answer = await admin.request(path, { method, ...(method === "PATCH" ? { body: { staffMemberId: null } } : {}) });
      expect(answer.status).toBe(403);
    }
    expect((await owner.request("/admin/session")).status).toBe(200);
  });
});
