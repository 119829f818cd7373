import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { COMPOSED_HANDLER } from "hono/utils/constants";
import { allows, CSRF_HEADER } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { refuse } from "../../http-errors.ts";
import { sameSecret } from "../../secrets/server-keys.ts";
import type { AdminEnv, AdminGuard, AdminNeed } from "../admin-access.ts";
import { accessOf, csrfTokenOf, SESSION_COOKIE, type SessionRow, sessionByToken, touchSession } from "./admin-sessions.ts";
import { isJsonContentType, isOwnOrigin } from "./own-origin.ts";
import { DEFAULT_SESSION_LIFE, type SessionLife, sessionState } from "./session-life.ts";

/**
 * The mark every back-office middleware carries: the need it checks, "signed-in" (any
 * live session: who am I, sign-out, passkeys) or "public" (sign-in, reset, invitation: Origin and
 * JSON only). The route inventory test reads it from Hono's `app.routes`.
 */
export const ADMIN_CHECK = Symbol.for("booking.admin-check");
export type AdminCheck = AdminNeed | "signed-in" | "public";

const marked = <M extends MiddlewareHandler<AdminEnv>>(middleware: M, check: AdminCheck): M =>
  Object.assign(middleware, { [ADMIN_CHECK]: check });

/** The check a route's handler carries, through the wrappers Hono adds when an app is mounted in another. */
export function adminCheckOf(handler: unknown): AdminCheck | undefined {
  let current = handler as Record<string | symbol, unknown> | null | undefined;
  while (current && typeof current === "function") {
    const check = current[ADMIN_CHECK] as AdminCheck | undefined;
    if (check) return check;
    current = current[COMPOSED_HANDLER] as typeof current;
  }
  return undefined;
}

/** GET, HEAD and OPTIONS change nothing (no admin route changes state on them), so they need no CSRF proof. */
const changes = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

/** A change is declared JSON and comes from this site's own pages (415, 403 cross-site-request). */
function checkChangeSource(deps: ApiDeps, c: Context): void {
  if (!changes(c.req.method)) return;
  if (!isJsonContentType(c.req.header("content-type"))) refuse("json-only");
  if (!isOwnOrigin(c.req.header("origin"), c.req.url, deps.publicUrl, deps.ownOrigins)) refuse("cross-site-request");
}

/** One person's answers (a CSRF token among them): never kept by a browser's or a proxy's cache. */
const noStore = (c: Context) => c.header("Cache-Control", "no-store");

export interface AdminGuards extends AdminGuard {
  /** Any live session, whatever its role (who am I, sign-out, one's own passkeys). */
  signedIn: MiddlewareHandler<AdminEnv>;
}

/**
 * The back office's one door (issue 59): the session the cookie names (live: not ended,
 * not idle, not past its end; its account not disabled: else 401 signed-out), on a
 * change the JSON body, the Origin and the session's CSRF token (415, 403, 403), then
 * the role's level for the need (403 not-allowed). Sets `admin` for the route, which
 * looks every id up within admin.providerId.
 */
export function createAdminGuard(deps: ApiDeps, life: SessionLife = DEFAULT_SESSION_LIFE): AdminGuards {
  const open = async (c: Context<AdminEnv>): Promise<SessionRow> => {
    noStore(c);
    const token = getCookie(c, SESSION_COOKIE);
    const session = token ? await sessionByToken(deps.db, deps.keys, token) : null;
    const now = deps.clock.now();
    const state = session ? sessionState(session, now, life) : { live: false, touch: false };
    if (!session || !state.live) refuse("signed-out");
    checkChangeSource(deps, c);
    if (changes(c.req.method) && !sameSecret(c.req.header(CSRF_HEADER) ?? "", csrfTokenOf(deps.keys, token!))) refuse("csrf-token-invalid");
    if (state.touch) await touchSession(deps.db, session.sessionId, now);
    return session;
  };
  const guard = (need: AdminNeed) =>
    marked<MiddlewareHandler<AdminEnv>>(async (c, next) => {
      const session = await open(c);
      if (!allows(session.role, need.area, need.level)) refuse("not-allowed");
      c.set("admin", accessOf(session));
      await next();
    }, need);
  const signedIn = marked<MiddlewareHandler<AdminEnv>>(async (c, next) => {
    c.set("admin", accessOf(await open(c)));
    await next();
  }, "signed-in");
  return Object.assign(guard, { signedIn });
}

/** The public back-office changes (sign-in, reset, invitation): no session yet, but JSON from this site only. */
export const publicAdminChange = (deps: ApiDeps): MiddlewareHandler =>
  marked(async (c, next) => {
    noStore(c);
    checkChangeSource(deps, c);
    await next();
  }, "public");
