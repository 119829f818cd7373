import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AdminSession, AdminSignIn } from "booking-widget/contract";
import type { ApiDeps } from "../../api-deps.ts";
import { refuse } from "../../http-errors.ts";
import { rememberLoginAddress, reserveGuess } from "../../limits/guess-limits.ts";
import { hashPassword, verifyPassword } from "../../passwords.ts";
import { accountByEmail, providerById, providerByLink } from "./admin-accounts.ts";
import { csrfTokenOf, endSession, type SessionRow, SESSION_COOKIE, sessionByToken, startSession } from "./admin-sessions.ts";
import type { SessionLife } from "./session-life.ts";

// Compared against when the account is unknown, so that an unknown address takes as long as a wrong password.
let stand_in: Promise<string> | undefined;
const standInHash = () => (stand_in ??= hashPassword("a password no account has"));

/**
 * Signs a person in: each guess is counted before anything is looked up (per account and
 * address, per address and per network over every account, per account: the customer
 * side's password limits, limits/guess-limits.ts), and the answer never tells an unknown
 * address from a wrong password. A right password gives back its own count and starts a
 * NEW session (a cookie the request came with is ended: no fixation).
 */
export async function signIn(
  deps: ApiDeps,
  c: Context,
  input: AdminSignIn,
  life: SessionLife,
): Promise<{ token: string; providerId: number }> {
  const now = deps.clock.now();
  const provider = await providerByLink(deps.db, input.bookingLink);
  const reservation = await reserveGuess(deps, c, "password", provider?.id ?? 0, `admin:${input.email}`, now);
  const account = provider ? await accountByEmail(deps.db, provider.id, input.email) : null;
  const usable = account && !account.disabled && account.passwordHash !== null;
  const right = await verifyPassword(input.password, usable ? account.passwordHash : await standInHash());
  if (!provider || !usable || !right) refuse("wrong-email-or-password");
  await reservation.refund(deps.db);
  await rememberLoginAddress(deps, c, provider.id, `admin:${input.email}`, now);
  const earlier = getCookie(c, SESSION_COOKIE);
  if (earlier) {
    const previous = await sessionByToken(deps.db, deps.keys, earlier);
    if (previous) await endSession(deps.db, previous.sessionId, now);
  }
  return { token: await startSession(deps.db, deps.keys, account.id, now, life), providerId: provider.id };
}

/** Who is signed in (AdminSessionSchema), with the CSRF token the page sends back on every change. */
export async function sessionAnswer(deps: ApiDeps, session: SessionRow, token: string): Promise<AdminSession> {
  const provider = await providerById(deps.db, session.providerId);
  return {
    account: session.account,
    provider: { id: provider.id, bookingLink: provider.bookingLink, name: provider.name, timeZone: provider.timeZone },
    role: session.role,
    csrfToken: csrfTokenOf(deps.keys, token),
  };
}
