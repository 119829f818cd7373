/**
 * The POST routes that only read what anyone may see: the day's hours, the month and
 * the hours cache (Appointment/availableHours…), the first free day, a series' preview
 * and the staff list. Their body is a query, not a change, so asking one again changes
 * nothing: the widget asks again when the API sheds one (api/http.ts), and a preview sends
 * them to the API (api/preview/preview-answers.ts). Every other POST, PUT and DELETE
 * writes. Kept apart from routes.ts, which lists the same paths as builders, as it is
 * in the first screen.
 */
export const READ_POSTS = [
  "Appointment/availableHours",
  "Appointment/firstAvailableHourDay",
  "Appointment/series",
  "StaffMember/asAnonymous",
];

/**
 * Whether a call only reads: every GET, and a POST to a route of READ_POSTS or below it
 * (`path`: the route's path, or an address path that ends in one), in any case.
 */
export const readsOnly = (method: string, path: string): boolean =>
  method === "GET" || READ_POSTS.some((route) => `/${path}/`.toLowerCase().includes(`/${route.toLowerCase()}/`));
