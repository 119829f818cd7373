import type { MiddlewareHandler } from "hono";
import type { Area, Role } from "booking-widget/contract";

/**
 * The seam between the back office's sign-in and its routes (issue 59). The session
 * middleware (demo/api/admin/auth/) proves who is asking and sets `admin` on the
 * request; a route module never reads a cookie or a header itself, and every admin
 * route names the area and level it needs through an AdminGuard, so the route
 * inventory test can see that none forgot.
 */
export interface AdminAccess {
  /** The provider the session belongs to: every id a route touches is looked up within it (another's: 404). */
  providerId: number;
  accountId: number;
  /** The staff member this person is, if any: the "own" scope's appointments. */
  staffMemberId: number | null;
  owner: boolean;
  role: Role;
  sessionId: string;
}

/** What a route needs: an area at Read or ReadWrite. */
export interface AdminNeed {
  area: Area;
  level: "read" | "readWrite";
}

export type AdminEnv = { Variables: { admin: AdminAccess } };

/** Proves the session, the CSRF token and Origin (on a change) and the role's level; sets `admin`. */
export type AdminGuard = (need: AdminNeed) => MiddlewareHandler<AdminEnv>;
