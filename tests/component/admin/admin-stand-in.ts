import {
  type AdminAppointment,
  type AdminDay,
  type AdminSession,
  allows,
  CSRF_HEADER,
  OWNER_ROLE,
  type Person,
  type Role,
  todayIn,
} from "booking-widget/contract";
import type { StoredRole } from "../../../demo/admin/api/area-schemas.ts";
import { instantAt } from "../../../demo/admin/day/day-source.ts";
import { TEST_NOW } from "../../support/test-clock.ts";

/** The provider's today at the tests' instant. */
export const TODAY = todayIn("Europe/Oslo", TEST_NOW);
export const PASSWORD = "correct horse battery";
const CSRF = "csrf-token-1";
const at = (time: string) => instantAt(TODAY, time, "Europe/Oslo");

export const sessionFor = (role: Role = OWNER_ROLE): AdminSession => ({
  account: { id: 1, email: "owner@example.com", name: "Olga Owner", owner: role === OWNER_ROLE, staffMemberId: null },
  provider: { id: 1, bookingLink: "demo-salon", name: "Demo Salon", timeZone: "Europe/Oslo" },
  role,
  csrfToken: CSRF,
});

const staffDay = (over: Partial<AdminDay["columns"][number]["days"][number]>) => ({
  date: TODAY,
  away: false,
  hours: [{ start: at("08:00"), end: at("18:00") }],
  breaks: [],
  pauses: [],
  appointments: [],
  holds: [],
  ...over,
});

/** The day as GET /api/admin/day answers it: Ada has Kari at 10, Bo a lunch break at 12 (08–18, whatever TEST_NOW). */
export const day = (): AdminDay => ({
  from: TODAY,
  to: TODAY,
  timeZone: "Europe/Oslo",
  currency: "NOK",
  cursor: "1",
  columns: [
    {
      staffMember: { id: 1, name: "Ada" },
      days: [
        staffDay({
          appointments: [
            {
              id: 7,
              staffMemberId: 1,
              start: at("10:00"),
              end: at("11:00"),
              blocked: { start: at("10:00"), end: at("11:00") },
              state: "booked",
              services: [{ id: 1, title: "Haircut" }],
              customerName: "Kari Nordmann",
              phone: "41234567",
              group: null,
              holdExpiresAt: null,
              seriesId: null,
            },
          ],
        }),
      ],
    },
    { staffMember: { id: 2, name: "Bo" }, days: [staffDay({ breaks: [{ start: at("12:00"), end: at("13:00") }] })] },
  ],
  waitlist: { entries: [], offers: [] },
});

export const appointment = (): AdminAppointment => ({
  id: 7,
  timeZone: "Europe/Oslo",
  staffMember: { id: 1, name: "Ada" },
  start: at("10:00"),
  end: at("11:00"),
  blocked: { start: at("10:00"), end: at("11:00") },
  state: "booked",
  createdAt: at("08:00"),
  cancelledAt: null,
  holdExpiresAt: null,
  customer: { accountId: null, name: "Kari Nordmann", phone: "41234567", email: "kari@example.com", comment: "" },
  services: [{ id: 1, title: "Haircut", parentId: null, price: 650, durationInMinutes: 60 }],
  price: { total: 650, currency: "NOK" },
  group: null,
  payment: null,
  messages: [],
  series: null,
  history: [],
});

/** The page's one service, as Service/asAnonymous lists it. */
const SERVICE = {
  id: 1,
  title: "Haircut",
  description: "",
  price: 650,
  discountPrice: null,
  disablePrice: false,
  durationInMinutes: 60,
  serviceDurationInMinutes: null,
  mustPayOnline: false,
  payOnlinePrice: null,
  unavailableForOnlineBooking: false,
  firstAvailable: null,
  children: [],
};

export interface Call {
  method: string;
  path: string;
  body: unknown;
  csrf: string | null;
}

/** The credential id of the one passkey the stand-in knows at sign-in. */
export const PASSKEY_ID = "passkey-credential-1";

/** The view-only role the demo seeds: the day to read, nothing to change. */
export const VIEW_ONLY = {
  id: 5,
  name: "View only",
  appointments: "read",
  settings: "none",
  statistics: "none",
  administration: "none",
  scope: "all",
  hideContacts: true,
} as const;

/** The page's people: the owner, and Sam with the view-only role as staff member Ada. */
const PEOPLE: Person[] = [
  {
    id: 1,
    email: "owner@example.com",
    name: "Olga Owner",
    owner: true,
    roleId: null,
    staffMemberId: null,
    disabled: false,
    pending: false,
  },
  { id: 2, email: "sam@example.com", name: "Sam Staff", owner: false, roleId: 5, staffMemberId: 1, disabled: false, pending: false },
];

/** The audit log's entries, newest (the highest id) first, as GET /api/admin/audit answers them. */
const auditEntry = (id: number) => ({
  id,
  at: new Date(Date.parse("2026-12-01T09:00:00Z") + id * 60_000).toISOString(),
  accountId: 1,
  actor: "Olga Owner",
  change: id % 2 ? "appointment.move" : "role.update",
  appointmentId: id % 2 ? 100 + id : null,
  details: id % 2 ? { staffMemberId: [1, 2] } : { roleId: 5, name: ["Reception", "View only"] },
});

/**
 * The admin API as the contract says it answers, in memory: sign-in with PASSWORD (or
 * the refusal a test sets), the day above, appointment 7, and every call recorded.
 */
export function adminStandIn(
  options: {
    session?: AdminSession | null;
    refuseSignIn?: { status: number; code: string; retryAfter?: number };
    waitlist?: AdminDay["waitlist"];
    /** How many entries the audit log holds (ids 1…n). */
    auditEntries?: number;
  } = {},
) {
  let session = options.session ?? null;
  const calls: Call[] = [];
  const passkeys: { id: number; name: string; createdAt: string; lastUsedAt: string | null }[] = [];
  // What each call declared its body to be (the API takes changes declared JSON only).
  const contentTypes = new WeakMap<Call, string | null>();
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
  let refuseMove: { status: number; code: string } | null = null;
  let cancelled = false;
  // A booking made in the widget after the day was read: the changes feed lists it, the day shows it.
  let widgetBooking = false;
  const today = () => {
    const answer = day();
    if (options.waitlist) answer.waitlist = options.waitlist;
    if (widgetBooking)
      answer.columns[1]!.days[0]!.appointments.push({
        ...answer.columns[0]!.days[0]!.appointments[0]!,
        id: 8,
        staffMemberId: 2,
        start: at("15:00"),
        end: at("16:00"),
        blocked: { start: at("15:00"), end: at("16:00") },
        customerName: "Nina Widget",
      });
    return answer;
  };
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input, "http://localhost");
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const csrf = new Headers(init.headers).get(CSRF_HEADER);
    const call = { method, path: url.pathname + url.search, body, csrf };
    calls.push(call);
    contentTypes.set(call, new Headers(init.headers).get("Content-Type"));
    if (url.pathname === "/api/admin/invitations/accept") {
      if (body.password.length < 10) return json({ message: "password: too short" }, 400);
      session = sessionFor();
      return json(session);
    }
    if (url.pathname === "/api/admin/password-reset")
      return json({ message: "If this address has an account here, a code is on its way to it." }, 202);
    if (url.pathname === "/api/admin/password-reset/code")
      return body.code === "12345"
        ? json({ message: "Your password has been changed." })
        : json({ message: "Wrong code", code: "wrong-reset-code" }, 400);
    if (url.pathname === "/api/admin/session") {
      if (method === "POST") {
        if (options.refuseSignIn) {
          const { status, code, retryAfter } = options.refuseSignIn;
          return json({ message: "refused", code }, status, retryAfter ? { "Retry-After": String(retryAfter) } : {});
        }
        if (body.password !== PASSWORD) return json({ message: "Wrong e-mail address or password", code: "wrong-email-or-password" }, 401);
        session = sessionFor();
        return json(session);
      }
      if (method === "DELETE") {
        session = null;
        return new Response(null, { status: 204 });
      }
      return session ? json(session) : json({ message: "Not signed in" }, 401);
    }
    // Sign-in with a passkey: the page's challenge, then the browser's signed answer (PASSKEY's id opens the owner's account).
    if (url.pathname === "/api/admin/passkey-session/options") return json({ challenge: "sign-in-challenge", rpId: "localhost" });
    if (url.pathname === "/api/admin/passkey-session") {
      if (body.response?.id !== PASSKEY_ID) return json({ message: "refused", code: "passkey-refused" }, 401);
      session = sessionFor();
      return json(session);
    }
    if (!session) return json({ message: "You are signed out. Please sign in again.", code: "signed-out" }, 401);
    if (method !== "GET" && csrf !== CSRF) return json({ message: "CSRF" }, 403);
    if (url.pathname === "/api/admin/day") return json(today());
    if (url.pathname === "/api/admin/changes")
      return json({
        cursor: widgetBooking ? "2" : "1",
        more: false,
        changes:
          widgetBooking && url.searchParams.get("after") === "1"
            ? [{ appointmentId: 8, staffMemberId: 2, start: at("15:00"), end: at("16:00") }]
            : [],
      });
    if (url.pathname === "/api/admin/appointments/7") return json({ ...appointment(), ...(cancelled ? { state: "cancelled" } : {}) });
    if (url.pathname === "/api/admin/appointments/7/cancel") {
      cancelled = true;
      return json({
        appointment: { ...day().columns[0]!.days[0]!.appointments[0]!, state: "cancelled" },
        refund: { amount: 650, currency: "NOK" },
      });
    }
    if (url.pathname === "/api/admin/appointments/7/move")
      return refuseMove ? json({ message: "taken", ...refuseMove }, refuseMove.status) : new Response(null, { status: 204 });
    if (url.pathname === "/api/admin/passkeys/options") return json({ challenge: "register-challenge", rp: { name: "Demo Salon" } });
    if (url.pathname === "/api/admin/passkeys" && method === "GET") return json(passkeys);
    if (url.pathname === "/api/admin/passkeys" && method === "POST") {
      const added = { id: passkeys.length + 1, name: body.name || "Passkey", createdAt: "2026-12-03T09:00:00.000Z", lastUsedAt: null };
      passkeys.push(added);
      return json({ id: added.id, name: added.name }, 201);
    }
    const passkeyId = Number(/^\/api\/admin\/passkeys\/(\d+)$/.exec(url.pathname)?.[1]);
    if (passkeyId && method === "DELETE") {
      passkeys.splice(
        passkeys.findIndex((passkey) => passkey.id === passkeyId),
        1,
      );
      return new Response(null, { status: 204 });
    }
    const area = administration(method, url, body, session.role);
    if (area) return area;
    if (url.pathname === "/api/Service/asAnonymous") return json([{ title: "", services: [SERVICE] }]);
    if (url.pathname === "/api/admin/customers") return json({ customers: [{ id: 3, name: "Kari Nordmann", phone: "41234567" }] });
    if (url.pathname === "/api/admin/appointments" && method === "POST")
      return json({ appointment: day().columns[0]!.days[0]!.appointments[0] }, 201);
    return json({ message: "Not found" }, 404);
  };
  // The administration area (people, invitations, roles, the audit log), as people-routes.ts answers.
  const people = PEOPLE.map((person) => ({ ...person }));
  const roles: StoredRole[] = [{ ...VIEW_ONLY }];
  let nextRole = 6;
  const audit = Array.from({ length: options.auditEntries ?? 3 }, (_, index) => auditEntry(index + 1)).reverse();
  const administration = (method: string, url: URL, body: Record<string, unknown>, role: Role): Response | null => {
    const path = url.pathname;
    if (!/^\/api\/admin\/(people|invitations|roles|audit)|^\/api\/StaffMember\//.test(path)) return null;
    if (path.startsWith("/api/StaffMember/"))
      return json([
        { id: 1, fullName: "Ada", profilePictureUrl: null, nextAvailable: null },
        { id: 2, fullName: "Bo", profilePictureUrl: null, nextAvailable: null },
      ]);
    const need = method === "GET" ? "read" : "readWrite";
    if (!allows(role, "administration", need)) return json({ message: "Your role does not allow this", code: "not-allowed" }, 403);
    const taken = (name: unknown, except: number | null) =>
      roles.some((other) => other.name.toLowerCase() === String(name).trim().toLowerCase() && other.id !== except);
    if (path === "/api/admin/people") return json(people);
    if (path === "/api/admin/roles" && method === "GET") return json(roles);
    if (path === "/api/admin/audit") {
      const before = Number(url.searchParams.get("before") ?? Number.POSITIVE_INFINITY);
      return json(audit.filter((entry) => entry.id < before).slice(0, Number(url.searchParams.get("limit") ?? 100)));
    }
    if (path === "/api/admin/invitations")
      return people.some((person) => person.email === body.email)
        ? json({ message: "exists", code: "admin-account-exists" }, 409)
        : json({ id: 1, email: body.email, expiresAt: "2026-12-06T09:00:00.000Z" }, 201);
    if (path === "/api/admin/roles" && method === "POST") {
      if (taken(body.name, null)) return json({ message: "Another role has this name", code: "role-name-taken" }, 409);
      const stored: StoredRole = { ...(body as Role), id: nextRole++ };
      roles.push(stored);
      return json(stored, 201);
    }
    const roleId = Number(/^\/api\/admin\/roles\/(\d+)$/.exec(path)?.[1]);
    const stored = roles.find((candidate) => candidate.id === roleId);
    if (stored && method === "PUT") {
      if (taken(body.name, roleId)) return json({ message: "Another role has this name", code: "role-name-taken" }, 409);
      Object.assign(stored, body);
      return json(stored);
    }
    if (stored && method === "DELETE") {
      if (people.some((person) => person.roleId === roleId)) return json({ message: "in use", code: "role-in-use" }, 409);
      roles.splice(roles.indexOf(stored), 1);
      return new Response(null, { status: 204 });
    }
    const [, personId, act] = /^\/api\/admin\/people\/(\d+)(?:\/(disable|sessions))?$/.exec(path) ?? [];
    const person = people.find((candidate) => candidate.id === Number(personId));
    if (!person) return json({ message: "Not found" }, 404);
    if (act === "sessions") return json({ ended: 2 });
    if (act === "disable") person.disabled = true;
    else Object.assign(person, body);
    return json(person);
  };
  return {
    fetch,
    calls,
    contentTypeOf: (call: Call | undefined) => (call ? contentTypes.get(call) : undefined),
    bookInWidget() {
      widgetBooking = true;
    },
    /** The session ends on the server (idle, absolute, or ended by the owner). */
    endSession() {
      session = null;
    },
    refuseMoves(refusal: { status: number; code: string }) {
      refuseMove = refusal;
    },
  };
}
