import * as v from "valibot";
import { type AdminSession, AdminSessionSchema, type AdminSignIn, CSRF_HEADER } from "booking-widget/contract";
import { type DaySearch, daysShown } from "../day/day-search.ts";
import { type DayView, DayViewSchema } from "../day/day-view.ts";
import type { AppointmentMove } from "../day/day-grid.ts";
import { ADMIN_API } from "./admin-routes.ts";
import { AppointmentDetailSchema, ChangesSchema, CustomerMatchSchema } from "./appointment-detail.ts";

/** A refusal of the admin API: its status, its `{ message, code }`, and Retry-After's minutes. */
export class AdminRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | undefined,
    readonly minutes: number | undefined,
  ) {
    super(message);
  }
}

/** No answer at all (offline, the server down): the call may be tried again. */
export class AdminUnreachable extends Error {}

export type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

export interface NewBooking {
  staffMemberId: number;
  date: string;
  start: string;
  customer: { id: number } | { name: string; phone: string };
}

/**
 * The app's one door to the admin API: same-origin cookies, JSON both ways, the session's
 * CSRF token on every state-changing call, every answer read with its schema. The CSRF
 * token is kept here, in memory only: a reload asks GET /session for it again.
 */
export function adminClient(fetcher: Fetcher = (input, init) => fetch(input, init)) {
  let csrfToken: string | null = null;

  async function call<T>(method: string, path: string, schema: v.GenericSchema<unknown, T> | null, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (method !== "GET" && csrfToken) headers[CSRF_HEADER] = csrfToken;
    let response: Response;
    try {
      response = await fetcher(path, {
        method,
        credentials: "same-origin",
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new AdminUnreachable("unreachable");
    }
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { message?: unknown; code?: unknown };
      const retryAfter = Number(response.headers.get("Retry-After"));
      throw new AdminRefusal(
        response.status,
        typeof answer.message === "string" ? answer.message : response.statusText,
        typeof answer.code === "string" ? answer.code : undefined,
        retryAfter > 0 ? Math.ceil(retryAfter / 60) : undefined,
      );
    }
    if (schema === null || response.status === 204) return undefined as T;
    return v.parse(schema, await response.json());
  }
  const keep = (session: AdminSession) => {
    csrfToken = session.csrfToken;
    return session;
  };

  return {
    /** Who is signed in, or null (401: never signed in, signed out, or the session ended). */
    async session(): Promise<AdminSession | null> {
      try {
        return keep(await call("GET", ADMIN_API.session, AdminSessionSchema));
      } catch (error) {
        if (error instanceof AdminRefusal && error.status === 401) return null;
        throw error;
      }
    },
    signIn: async (body: AdminSignIn) => keep(await call("POST", ADMIN_API.session, AdminSessionSchema, body)),
    async signOut() {
      await call("DELETE", ADMIN_API.session, null);
      csrfToken = null;
    },
    requestReset: (body: { bookingLink: string; email: string }) => call("POST", ADMIN_API.passwordReset, null, body),
    confirmReset: (body: { bookingLink: string; email: string; code: string; password: string }) =>
      call("POST", ADMIN_API.passwordResetConfirm, null, body),
    acceptInvitation: (body: { token: string; name: string; password: string }) => call("POST", ADMIN_API.invitationAccept, null, body),
    day(search: DaySearch): Promise<DayView> {
      const days = daysShown(search);
      const query = new URLSearchParams({ from: days[0]!, to: days.at(-1)! });
      if (search.view === "week" && search.staff !== undefined) query.set("staff", String(search.staff));
      return call("GET", `${ADMIN_API.day}?${query}`, DayViewSchema);
    },
    changes: (cursor: string | null) =>
      call("GET", `${ADMIN_API.changes}${cursor ? `?after=${encodeURIComponent(cursor)}` : ""}`, ChangesSchema),
    appointment: (id: number) => call("GET", ADMIN_API.appointment(id), AppointmentDetailSchema),
    cancel: (id: number) => call("POST", ADMIN_API.cancel(id), null, {}),
    move: ({ appointmentId, ...to }: AppointmentMove) => call("POST", ADMIN_API.move(appointmentId), null, to),
    attendance: (id: number, state: "arrived" | "noShow") => call("POST", ADMIN_API.attendance(id), null, { state }),
    customers: (query: string) => call("GET", `${ADMIN_API.customers}?${new URLSearchParams({ q: query })}`, CustomerMatchSchema),
    book: (booking: NewBooking) => call("POST", ADMIN_API.book, null, booking),
  };
}
export type AdminClient = ReturnType<typeof adminClient>;
