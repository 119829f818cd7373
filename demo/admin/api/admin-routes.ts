/**
 * The admin API's addresses the app calls (under /api/admin, issue 59). Sign-in's are the
 * contract's (src/contract/admin/session.ts); the day's and the appointments' are the
 * app's assumption until the day's routes are merged (the lead's wiring checks them).
 */
export const ADMIN_API = {
  session: "/api/admin/session",
  passwordReset: "/api/admin/password-reset",
  passwordResetConfirm: "/api/admin/password-reset/confirm",
  invitationAccept: "/api/admin/invitations/accept",
  day: "/api/admin/day",
  changes: "/api/admin/day/changes",
  appointment: (id: number) => `/api/admin/appointments/${id}`,
  cancel: (id: number) => `/api/admin/appointments/${id}/cancel`,
  move: (id: number) => `/api/admin/appointments/${id}/move`,
  attendance: (id: number) => `/api/admin/appointments/${id}/attendance`,
  customers: "/api/admin/customers",
  book: "/api/admin/appointments",
} as const;
