import { type AdminSession, CSRF_HEADER, OWNER_ROLE, type Role, todayIn } from "booking-widget/contract";
import type { AppointmentDetail } from "../../../demo/admin/api/appointment-detail.ts";
import type { DayView } from "../../../demo/admin/day/day-view.ts";
import { TEST_NOW } from "../../support/test-clock.ts";

/** The provider's today at the tests' instant. */
export const TODAY = todayIn("Europe/Oslo", TEST_NOW);
export const PASSWORD = "correct horse battery";
const CSRF = "csrf-token-1";

export const sessionFor = (role: Role = OWNER_ROLE): AdminSession => ({
  account: { id: 1, email: "owner@example.com", name: "Olga Owner", owner: role === OWNER_ROLE, staffMemberId: 1 },
  provider: { id: 1, bookingLink: "demo-salon", name: "Demo Salon", timeZone: "Europe/Oslo" },
  role,
  csrfToken: CSRF,
});

/** A day of whole-hour rows (the grid is the same at any TEST_NOW): Ada has Kari at 10, Bo a break at 12. */
export const day = (): DayView => ({
  timeZone: "Europe/Oslo",
  slotMinutes: 60,
  from: "00:00",
  to: "24:00",
  staff: [
    { id: 1, name: "Ada" },
    { id: 2, name: "Bo" },
  ],
  blocks: [
    {
      kind: "appointment",
      staffMemberId: 1,
      date: TODAY,
      start: "10:00",
      end: "11:00",
      appointmentId: 7,
      state: "booked",
      title: "Kari Nordmann",
    },
    { kind: "break", staffMemberId: 2, date: TODAY, start: "12:00", end: "13:00" },
  ],
});

export const appointment = (): AppointmentDetail => ({
  id: 7,
  state: "booked",
  staffMemberId: 1,
  staffName: "Ada",
  date: TODAY,
  start: "10:00",
  end: "11:00",
  customer: { name: "Kari Nordmann", phone: "41234567", email: "kari@example.com" },
  services: [{ name: "Haircut", price: 650, extras: [] }],
  price: 650,
  payment: null,
  messages: [],
  series: null,
  history: [],
});

export interface Call {
  method: string;
  path: string;
  body: unknown;
  csrf: string | null;
}

/**
 * The admin API as the contract says it answers, in memory: sign-in with PASSWORD (or
 * the refusal a test sets), the day above, appointment 7, and every call recorded.
 */
export function adminStandIn(
  options: { session?: AdminSession | null; refuseSignIn?: { status: number; code: string; retryAfter?: number } } = {},
) {
  let session = options.session ?? null;
  const calls: Call[] = [];
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
  let refuseMove: { status: number; code: string } | null = null;
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input, "http://localhost");
    const method = init.method ?? "GET";
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const csrf = new Headers(init.headers).get(CSRF_HEADER);
    calls.push({ method, path: url.pathname + url.search, body, csrf });
    if (url.pathname === "/api/admin/session") {
      if (method === "POST") {
        if (options.refuseSignIn) {
          const { status, code, retryAfter } = options.refuseSignIn;
          return json({ message: "refused", code }, status, retryAfter ? { "Retry-After": String(retryAfter) } : {});
        }
        if (body.password !== PASSWORD) return json({ message: "Wrong password", code: "wrong-password" }, 401);
        session = sessionFor();
        return json(session);
      }
      if (method === "DELETE") {
        session = null;
        return new Response(null, { status: 204 });
      }
      return session ? json(session) : json({ message: "Not signed in" }, 401);
    }
    if (!session) return json({ message: "Not signed in" }, 401);
    if (method !== "GET" && csrf !== CSRF) return json({ message: "CSRF" }, 403);
    if (url.pathname === "/api/admin/day") return json(day());
    if (url.pathname === "/api/admin/day/changes") return json({ cursor: "1" });
    if (url.pathname === "/api/admin/appointments/7") return json(appointment());
    if (url.pathname === "/api/admin/appointments/7/move")
      return refuseMove ? json({ message: "taken", ...refuseMove }, refuseMove.status) : new Response(null, { status: 204 });
    return json({ message: "Not found" }, 404);
  };
  return {
    fetch,
    calls,
    refuseMoves(refusal: { status: number; code: string }) {
      refuseMove = refusal;
    },
  };
}
