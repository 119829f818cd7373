import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { SESSION_COOKIE } from "./admin-sessions.ts";
import type { SessionLife } from "./session-life.ts";

/**
 * The session cookie: HttpOnly (the page never reads it), Secure (Chromium and Firefox
 * count http://localhost and 127.0.0.1 as secure, so the demo and the tests work over
 * http; another host needs https), SameSite=Strict (no cross-site request carries it),
 * Path=/ (the back office's pages and its API). It lasts as long as the session can.
 */
export function setSessionCookie(c: Context, token: string, life: SessionLife): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, secure: true, sameSite: "Strict", path: "/", maxAge: life.maxHours * 3600 });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
}
