/**
 * The admin API's addresses the app calls (under /api/admin, issue 59): sign-in's and
 * people's (branch wt59-auth: demo/api/admin/auth/session-routes.ts), the day's and the
 * appointments' (branch wt59-day: src/contract/admin/day.ts names them), and the widget's
 * public list of services (the phone booking's choice).
 */
export const ADMIN_API = {
  session: "/api/admin/session",
  passwordReset: "/api/admin/password-reset",
  passwordResetCode: "/api/admin/password-reset/code",
  invitationAccept: "/api/admin/invitations/accept",
  day: "/api/admin/day",
  changes: "/api/admin/changes",
  appointment: (id: number) => `/api/admin/appointments/${id}`,
  cancel: (id: number) => `/api/admin/appointments/${id}/cancel`,
  move: (id: number) => `/api/admin/appointments/${id}/move`,
  attendance: (id: number) => `/api/admin/appointments/${id}/attendance`,
  customers: "/api/admin/customers",
  book: "/api/admin/appointments",
  services: (providerId: number) => `/api/Service/asAnonymous?userId=${providerId}`,
  // The administration area (demo/api/admin/people/people-routes.ts).
  people: "/api/admin/people",
  person: (id: number) => `/api/admin/people/${id}`,
  disablePerson: (id: number) => `/api/admin/people/${id}/disable`,
  personSessions: (id: number) => `/api/admin/people/${id}/sessions`,
  invitations: "/api/admin/invitations",
  roles: "/api/admin/roles",
  role: (id: number) => `/api/admin/roles/${id}`,
  audit: "/api/admin/audit",
  // Passkeys (demo/api/admin/auth/passkey-routes.ts): one's own, and sign-in with one.
  passkeys: "/api/admin/passkeys",
  passkeyOptions: "/api/admin/passkeys/options",
  passkey: (id: number) => `/api/admin/passkeys/${id}`,
  passkeySession: "/api/admin/passkey-session",
  passkeySessionOptions: "/api/admin/passkey-session/options",
  /** The widget's public list of the page's staff members (every one, when no service is chosen). */
  staff: (providerId: number) => `/api/StaffMember/asAnonymous/${providerId}`,
} as const;
