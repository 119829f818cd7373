import * as v from "valibot";
import { EMAIL_PATTERN } from "../contact-patterns.ts";
import { RoleSchema } from "./access.ts";

/**
 * The back office's sign-in (issue 59), shared by its form and the API. A session is a
 * database row named by an HttpOnly cookie the page never reads; every state-changing
 * admin request also carries the session's CSRF token in the `X-CSRF-Token` header (and
 * an Origin of the site itself).
 */
export const CSRF_HEADER = "X-CSRF-Token";

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.maxLength(254), v.regex(EMAIL_PATTERN));
/** At least 10 characters (NIST SP 800-63B asks 8; a back office holds customers' contacts), at most 200. */
export const ADMIN_PASSWORD = v.pipe(v.string(), v.minLength(10), v.maxLength(200));

/** Sign-in names the booking page: one person may work at two providers with one e-mail address. */
export const AdminSignInSchema = v.strictObject({
  bookingLink: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  email,
  password: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
});
export type AdminSignIn = v.InferOutput<typeof AdminSignInSchema>;

/** Who is signed in, answered by sign-in and by `GET /api/admin/session`. */
export const AdminSessionSchema = v.object({
  account: v.object({ id: v.number(), email: v.string(), name: v.string(), owner: v.boolean(), staffMemberId: v.nullable(v.number()) }),
  provider: v.object({ id: v.number(), bookingLink: v.string(), name: v.string(), timeZone: v.string() }),
  role: RoleSchema,
  /** Sent back in the X-CSRF-Token header of every state-changing request. */
  csrfToken: v.string(),
});
export type AdminSession = v.InferOutput<typeof AdminSessionSchema>;

export const AdminEmailSchema = email;
