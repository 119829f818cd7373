import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import * as v from "valibot";
import {
  type AdminAttendanceBody,
  AdminAppointmentChangedSchema,
  AdminAppointmentSchema,
  AdminCancelledSchema,
  AdminChangesSchema,
  AdminCustomersSchema,
  AdminDaySchema,
  type AdminMove,
  type AdminPhoneBookingSchema,
  type AdminSession,
  AdminSessionSchema,
  type AdminInvitation,
  type AdminSignIn,
  CSRF_HEADER,
  PersonSchema,
  type Role,
  ServiceCategories,
} from "booking-widget/contract";
import { type DaySearch, daysShown } from "../day/day-search.ts";
import { dayViewOf } from "../day/day-source.ts";
import type { DayView } from "../day/day-view.ts";
import { ADMIN_API } from "./admin-routes.ts";
import {
  AuditEntrySchema,
  InvitationSentSchema,
  PasskeySchema,
  StaffNameSchema,
  StoredRoleSchema,
  WebAuthnOptionsSchema,
} from "./area-schemas.ts";

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

/**
 * The app's one door to the admin API: same-origin cookies, JSON both ways, the session's
 * CSRF token on every state-changing call, every answer read with the contract's schema.
 * The CSRF token is kept here, in memory only: a reload asks GET /session for it again.
 */
export function adminClient(fetcher: Fetcher = (input, init) => fetch(input, init)) {
  let csrfToken: string | null = null;

  async function call<T>(method: string, path: string, schema: v.GenericSchema<unknown, T> | null, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Accept: "application/json" };
    // Every change is declared JSON, a bodyless DELETE too: the API refuses any other (415 json-only).
    if (body !== undefined || method !== "GET") headers["Content-Type"] = "application/json";
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
    resetWithCode: (body: { bookingLink: string; email: string; code: string; newPassword: string }) =>
      call("POST", ADMIN_API.passwordResetCode, null, body),
    /** Accepting signs the new person in (the answer is their session). */
    acceptInvitation: async (body: { token: string; name: string; password: string }) =>
      keep(await call("POST", ADMIN_API.invitationAccept, AdminSessionSchema, body)),
    /** The day, or the week from its Monday of one staff member (the API wants the week's person named). */
    async day(search: DaySearch): Promise<DayView> {
      const query = new URLSearchParams({ date: daysShown(search)[0]!, days: search.view === "week" ? "7" : "1" });
      if (search.view === "week" && search.staff !== undefined) query.set("staff", String(search.staff));
      return dayViewOf(await call("GET", `${ADMIN_API.day}?${query}`, AdminDaySchema));
    },
    changes: (after: string) => call("GET", `${ADMIN_API.changes}?${new URLSearchParams({ after })}`, AdminChangesSchema),
    appointment: (id: number) => call("GET", ADMIN_API.appointment(id), AdminAppointmentSchema),
    /** The provider's cancel: what was paid online goes back in full (the answer says how much). */
    cancel: (id: number) => call("POST", ADMIN_API.cancel(id), AdminCancelledSchema, {}),
    move: (id: number, to: AdminMove) => call("POST", ADMIN_API.move(id), AdminAppointmentChangedSchema, to),
    attendance: (id: number, attendance: AdminAttendanceBody["attendance"]) =>
      call("POST", ADMIN_API.attendance(id), AdminAppointmentChangedSchema, { attendance }),
    customers: async (query: string) =>
      (await call("GET", `${ADMIN_API.customers}?${new URLSearchParams({ query })}`, AdminCustomersSchema)).customers,
    book: (booking: v.InferInput<typeof AdminPhoneBookingSchema>) => call("POST", ADMIN_API.book, AdminAppointmentChangedSchema, booking),
    /** The page's services, as the widget lists them (the phone booking's choice). */
    services: async (providerId: number) =>
      (await call("GET", ADMIN_API.services(providerId), ServiceCategories)).flatMap((category) => category.services),
    // The administration area: people, invitations, roles, the audit log.
    people: () => call("GET", ADMIN_API.people, v.array(PersonSchema)),
    invite: (invitation: AdminInvitation) => call("POST", ADMIN_API.invitations, InvitationSentSchema, invitation),
    changePerson: (id: number, change: { roleId?: number; staffMemberId?: number | null }) =>
      call("PATCH", ADMIN_API.person(id), PersonSchema, change),
    disablePerson: (id: number) => call("POST", ADMIN_API.disablePerson(id), PersonSchema, {}),
    endSessions: (id: number) => call("DELETE", ADMIN_API.personSessions(id), v.object({ ended: v.number() })),
    roles: () => call("GET", ADMIN_API.roles, v.array(StoredRoleSchema)),
    createRole: (role: Role) => call("POST", ADMIN_API.roles, StoredRoleSchema, role),
    updateRole: (id: number, role: Role) => call("PUT", ADMIN_API.role(id), StoredRoleSchema, role),
    deleteRole: (id: number) => call("DELETE", ADMIN_API.role(id), null),
    /** The log, newest first: `before` an entry's id gives the page older than it. */
    audit: (page: { before?: number; limit: number }) => {
      const query = new URLSearchParams({ limit: String(page.limit) });
      if (page.before !== undefined) query.set("before", String(page.before));
      return call("GET", `${ADMIN_API.audit}?${query}`, v.array(AuditEntrySchema));
    },
    // Passkeys: one's own (listed, added, removed), and sign-in with one.
    passkeys: () => call("GET", ADMIN_API.passkeys, v.array(PasskeySchema)),
    passkeyOptions: async () =>
      (await call("POST", ADMIN_API.passkeyOptions, WebAuthnOptionsSchema, {})) as unknown as PublicKeyCredentialCreationOptionsJSON,
    addPasskey: (body: { name: string; response: RegistrationResponseJSON }) =>
      call("POST", ADMIN_API.passkeys, v.object({ id: v.number(), name: v.string() }), body),
    removePasskey: (id: number) => call("DELETE", ADMIN_API.passkey(id), null),
    passkeySignInOptions: async (bookingLink: string) =>
      (await call("POST", ADMIN_API.passkeySessionOptions, WebAuthnOptionsSchema, {
        bookingLink,
      })) as unknown as PublicKeyCredentialRequestOptionsJSON,
    passkeySignIn: async (body: { bookingLink: string; response: AuthenticationResponseJSON }) =>
      keep(await call("POST", ADMIN_API.passkeySession, AdminSessionSchema, body)),
    /** The page's staff members, by the widget's public list (no service chosen: all of them). */
    staff: async (providerId: number) =>
      (await call("POST", ADMIN_API.staff(providerId), v.array(StaffNameSchema), { serviceBookings: [] })).map((member) => ({
        id: member.id,
        name: member.fullName,
      })),
  };
}
export type AdminClient = ReturnType<typeof adminClient>;
