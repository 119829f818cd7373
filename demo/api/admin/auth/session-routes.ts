import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { AcceptInvitationSchema, AdminResetRequestSchema, AdminResetSchema, AdminSignInSchema } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { refuse, validatedBody } from "../../http-errors.ts";
import type { AdminEnv } from "../admin-access.ts";
import { acceptInvitation } from "../people/admin-invitations.ts";
import { publicAdminChange, type AdminGuards } from "./admin-guard.ts";
import { requestPasswordReset, resetPasswordWithCode } from "./admin-password-reset.ts";
import { endSession, SESSION_COOKIE, sessionByToken, startSession } from "./admin-sessions.ts";
import { sessionAnswer, signIn } from "./admin-sign-in.ts";
import { clearSessionCookie, setSessionCookie } from "./session-cookie.ts";
import { DEFAULT_SESSION_LIFE } from "./session-life.ts";

/**
 * Who may enter the back office: sign-in, who am I, sign-out, the password reset by
 * e-mail code and accepting an invitation. Sign-in, reset and invitation are public (no
 * session yet) but take JSON from this site only (publicAdminChange).
 */
export function sessionRoutes(deps: ApiDeps, guard: AdminGuards) {
  const life = deps.adminSessions ?? DEFAULT_SESSION_LIFE;
  const publicChange = publicAdminChange(deps);
  /** Answers who is signed in with the new session's cookie. */
  const signedInAs = async (c: Parameters<typeof setSessionCookie>[0], token: string) => {
    setSessionCookie(c, token, life);
    const session = await sessionByToken(deps.db, deps.keys, token);
    return c.json(await sessionAnswer(deps, session!, token));
  };
  return new Hono<AdminEnv>()
    .post("/admin/session", publicChange, validatedBody(AdminSignInSchema, "sign-in"), async (c) => {
      const { token } = await signIn(deps, c, c.req.valid("json"), life);
      return signedInAs(c, token);
    })
    .get("/admin/session", guard.signedIn, async (c) => {
      const token = getCookie(c, SESSION_COOKIE)!;
      const session = await sessionByToken(deps.db, deps.keys, token);
      if (!session) refuse("signed-out");
      return c.json(await sessionAnswer(deps, session, token));
    })
    .delete("/admin/session", guard.signedIn, async (c) => {
      await endSession(deps.db, Number(c.get("admin").sessionId), deps.clock.now());
      clearSessionCookie(c);
      return c.body(null, 204);
    })
    .post("/admin/password-reset", publicChange, validatedBody(AdminResetRequestSchema, "password reset"), async (c) => {
      await requestPasswordReset(deps, c, c.req.valid("json"));
      // The same answer whether or not the address has an account here.
      return c.json({ message: "If this address has an account here, a code is on its way to it." }, 202);
    })
    .post("/admin/password-reset/code", publicChange, validatedBody(AdminResetSchema, "password reset"), async (c) => {
      await resetPasswordWithCode(deps, c, c.req.valid("json"));
      return c.json({ message: "Your password has been changed. Sign in with it." });
    })
    .post("/admin/invitations/accept", publicChange, validatedBody(AcceptInvitationSchema, "invitation"), async (c) => {
      const { accountId } = await acceptInvitation(deps, c, c.req.valid("json"));
      return signedInAs(c, await startSession(deps.db, deps.keys, accountId, deps.clock.now(), life));
    });
}
