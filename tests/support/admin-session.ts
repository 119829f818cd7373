import { type AdminSession, CSRF_HEADER, OWNER_ROLE, type Role } from "../../src/contract/index.ts";
import { hashPassword } from "../../demo/api/passwords.ts";
import { DEMO_OWNER_PASSWORD, DEMO_STAFF_PASSWORD, demoOwnerEmail, demoStaffEmail } from "../../demo/api/seed/demo-accounts.ts";
import { TEST_ORIGIN, type TestApi } from "./test-api.ts";

type Caller = Pick<TestApi, "request" | "db">;

/** A signed-in person: `request` sends their cookie, and on a change the CSRF token, the site's Origin and JSON. */
export interface AdminClient {
  session: AdminSession;
  /** The session cookie's value (to send it by hand, or keep it after sign-out). */
  cookie: string;
  csrfToken: string;
  /** An /api path ("/admin/people"); a body given as an object is sent as JSON. Headers given override the defaults. */
  request(path: string, init?: Omit<RequestInit, "body"> & { body?: unknown }): Promise<Response>;
}

/** The seeded owner's and view-only staff member's sign-ins at a test page (demo/api/seed/demo-accounts.ts). */
export const seededOwner = (bookingLink: string) => ({ bookingLink, email: demoOwnerEmail(bookingLink), password: DEMO_OWNER_PASSWORD });
export const seededStaff = (bookingLink: string) => ({ bookingLink, email: demoStaffEmail(bookingLink), password: DEMO_STAFF_PASSWORD });

/** The cookie a Set-Cookie header sets (name=value), or undefined. */
export const sessionCookieOf = (answer: Response) => /admin_session=([^;]*)/.exec(answer.headers.get("set-cookie") ?? "")?.[1];

/** Headers as the back office sends them: the cookie, and on a change JSON, the site's Origin and the CSRF token. */
export function adminHeaders(cookie: string, csrfToken: string, method = "GET", origin = TEST_ORIGIN): Record<string, string> {
  const changes = !["GET", "HEAD", "OPTIONS"].includes(method);
  return {
    cookie: `admin_session=${cookie}`,
    ...(changes ? { "content-type": "application/json", origin, [CSRF_HEADER]: csrfToken } : {}),
  };
}

/** A client for a session already made (its cookie and CSRF token). */
export function adminClient(api: Caller, cookie: string, csrfToken: string, session: AdminSession, origin = TEST_ORIGIN): AdminClient {
  return {
    session,
    cookie,
    csrfToken,
    async request(path, init = {}) {
      const method = (init.method ?? "GET").toUpperCase();
      const { body, headers, ...rest } = init;
      return api.request(path, {
        ...rest,
        method,
        headers: { ...adminHeaders(cookie, csrfToken, method, origin), ...(headers as Record<string, string> | undefined) },
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      });
    },
  };
}

/** Signs in through POST /api/admin/session (the test fails on any other answer than 200). */
export async function signIn(
  api: Caller,
  credentials: { bookingLink: string; email: string; password: string },
  origin = TEST_ORIGIN,
): Promise<AdminClient> {
  const answer = await api.request("/admin/session", {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ bookingLink: credentials.bookingLink, email: credentials.email, password: credentials.password }),
  });
  if (answer.status !== 200) throw new Error(`sign-in answered ${answer.status}: ${await answer.text()}`);
  const session = (await answer.json()) as AdminSession;
  return adminClient(api, sessionCookieOf(answer)!, session.csrfToken, session, origin);
}

let accountNumber = 0;

/**
 * Makes an account straight in the database for a test: an owner, or a person with a
 * role of the given levels (the rest None, scope "all") and optionally a staff member.
 * Answers its sign-in.
 */
/** A password's hash, made once per password: scrypt costs ~50 ms, and the role matrix makes hundreds of accounts. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export async function makeAccount(
  api: Caller,
  options: { bookingLink: string; owner?: boolean; role?: Partial<Role>; staffMemberId?: number | null; email?: string; password?: string },
): Promise<{ id: number; roleId: number | null; bookingLink: string; email: string; password: string }> {
  const email = options.email ?? `person${++accountNumber}@${options.bookingLink}.test`;
  const password = options.password ?? "a test password";
  const [provider] = await api.db.query<{ id: number }>("SELECT id FROM providers WHERE booking_link = $1", [options.bookingLink]);
  if (!provider) throw new Error(`no page ${options.bookingLink}`);
  let roleId: number | null = null;
  if (!options.owner) {
    const role: Role = {
      ...OWNER_ROLE,
      appointments: "none",
      settings: "none",
      statistics: "none",
      administration: "none",
      ...options.role,
      name: options.role?.name ?? `Test role ${accountNumber}-${Math.random().toString(36).slice(2, 8)}`,
    };
    [{ id: roleId }] = (await api.db.query<{ id: number }>(
      `INSERT INTO admin_roles (provider_id, name, appointments, settings, statistics, administration, scope, hide_contacts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [provider.id, role.name, role.appointments, role.settings, role.statistics, role.administration, role.scope, role.hideContacts],
    )) as [{ id: number }];
  }
  const [{ id }] = (await api.db.query<{ id: number }>(
    `INSERT INTO admin_accounts (provider_id, email, name, password_hash, owner, role_id, staff_member_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING id`,
    [provider.id, email, email.split("@")[0], await hashOnce(password), options.owner ?? false, roleId, options.staffMemberId ?? null],
  )) as [{ id: number }];
  return { id, roleId, bookingLink: options.bookingLink, email, password };
}
