import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CSRF_HEADER } from "../../src/contract/index.ts";
import { DEFAULT_SESSION_LIFE } from "../../demo/api/admin/auth/session-life.ts";
import { INVITATION_HOURS } from "../../demo/api/admin/people/admin-invitations.ts";
import { adminClient, makeAccount, seededOwner, seededStaff, sessionCookieOf, signIn } from "../support/admin-session.ts";
import { requestFrom, startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

const PAGE = "demo-salon";
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const postPublic = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN, ...headers },
    body: JSON.stringify(body),
  });

describe("sign-in", () => {
  it("answers who is signed in with an HttpOnly, Secure, SameSite=Strict cookie, and a NEW session id every time (no fixation)", async () => {
    const answer = await postPublic("/admin/session", seededOwner(PAGE));
    expect(answer.status).toBe(200);
    const cookie = answer.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^admin_session=[\w-]{40,};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Strict");
    expect(cookie).toContain("Path=/");
    expect(answer.headers.get("access-control-allow-origin")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const body = await answer.json();
    expect(body).toMatchObject({ account: { owner: true }, provider: { bookingLink: PAGE }, role: { administration: "readWrite" } });

    // Signing in again with the first cookie in the jar: a new id, and the old one opens nothing.
    const first = sessionCookieOf(answer)!;
    const again = await postPublic("/admin/session", seededOwner(PAGE), { cookie: `admin_session=${first}` });
    const second = sessionCookieOf(again)!;
    expect(second).not.toBe(first);
    const signedOut = await api.request("/admin/session", { headers: { cookie: `admin_session=${first}` } });
    expect([signedOut.status, signedOut.headers.get("cache-control")]).toEqual([401, "no-store"]);
    expect((await api.request("/admin/session", { headers: { cookie: `admin_session=${second}` } })).status).toBe(200);
  });

  it("tells neither an unknown address nor a wrong password apart, and refuses a cross-site or non-JSON sign-in", async () => {
    const wrong = await postPublic("/admin/session", { ...seededOwner(PAGE), password: "not the password" });
    const unknown = await postPublic("/admin/session", { ...seededOwner(PAGE), email: "nobody@demo-salon.example" });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect((await wrong.json()).code).toBe("wrong-email-or-password");
    expect((await unknown.json()).code).toBe("wrong-email-or-password");
    expect((await postPublic("/admin/session", seededOwner(PAGE), { origin: "https://evil.example" })).status).toBe(403);
    const form = await api.request("/admin/session", {
      method: "POST",
      headers: { "content-type": "text/plain", origin: TEST_ORIGIN },
      body: JSON.stringify(seededOwner(PAGE)),
    });
    expect(form.status).toBe(415);
    // A key the schema does not name is refused, never merged.
    expect((await postPublic("/admin/session", { ...seededOwner(PAGE), owner: true })).status).toBe(400);
  });
});

describe("a session's end", () => {
  it("ends after the idle time, however long it may live", async () => {
    const owner = await signIn(api, seededOwner(PAGE));
    api.clock.advanceMinutes(DEFAULT_SESSION_LIFE.idleMinutes - 1);
    expect((await owner.request("/admin/session")).status).toBe(200);
    // Used just now: idle counts again from here.
    api.clock.advanceMinutes(DEFAULT_SESSION_LIFE.idleMinutes - 2);
    expect((await owner.request("/admin/session")).status).toBe(200);
    api.clock.advanceMinutes(DEFAULT_SESSION_LIFE.idleMinutes);
    const ended = await owner.request("/admin/session");
    expect(ended.status).toBe(401);
    expect((await ended.json()).code).toBe("signed-out");
  });

  it("ends at its absolute end, however busy", async () => {
    const owner = await signIn(api, seededOwner(PAGE));
    const step = DEFAULT_SESSION_LIFE.idleMinutes / 2;
    let minutes = 0;
    while (minutes + step < DEFAULT_SESSION_LIFE.maxHours * 60) {
      api.clock.advanceMinutes(step);
      minutes += step;
      expect((await owner.request("/admin/session")).status).toBe(200);
    }
    api.clock.advanceMinutes(DEFAULT_SESSION_LIFE.maxHours * 60 - minutes);
    expect((await owner.request("/admin/session")).status).toBe(401);
  });

  it("ends on the server at sign-out: the kept cookie opens nothing", async () => {
    const owner = await signIn(api, seededOwner(PAGE));
    const out = await owner.request("/admin/session", { method: "DELETE" });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toMatch(/admin_session=;/);
    expect((await owner.request("/admin/session")).status).toBe(401);
    expect((await owner.request("/admin/people")).status).toBe(401);
  });

  it("an owner ends every session of another person; theirs go on", async () => {
    const staff = await signIn(api, seededStaff(PAGE));
    const staffOnPhone = await signIn(api, seededStaff(PAGE));
    const owner = await signIn(api, seededOwner(PAGE));
    const ended = await owner.request(`/admin/people/${staff.session.account.id}/sessions`, { method: "DELETE" });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: 2 });
    expect((await staff.request("/admin/session")).status).toBe(401);
    expect((await staffOnPhone.request("/admin/session")).status).toBe(401);
    expect((await owner.request("/admin/session")).status).toBe(200);
    const audit = (await (await owner.request("/admin/audit")).json()) as { change: string }[];
    expect(audit.map((entry) => entry.change)).toContain("sessions.end");
  });

  it("a password reset by e-mail code ends every session, and the answer to ask for one never tells whether the address has an account", async () => {
    const owner = await signIn(api, seededOwner(PAGE));
    const { email } = seededOwner(PAGE);
    const asked = await postPublic("/admin/password-reset", { bookingLink: PAGE, email });
    const nobody = await postPublic("/admin/password-reset", { bookingLink: PAGE, email: "nobody@demo-salon.example" });
    expect([asked.status, nobody.status]).toEqual([202, 202]);
    expect(await asked.json()).toEqual(await nobody.json());
    expect(await api.outbox("nobody@demo-salon.example")).toEqual([]);
    const [message] = await api.outbox(email);
    expect(message!.code).toMatch(/^\d{5}$/);

    const wrongCode = message!.code === "00000" ? "00001" : "00000";
    const wrong = await postPublic("/admin/password-reset/code", {
      bookingLink: PAGE,
      email,
      code: wrongCode,
      newPassword: "a new password!",
    });
    expect(wrong.status).toBe(400);
    const reset = await postPublic("/admin/password-reset/code", {
      bookingLink: PAGE,
      email,
      code: message!.code,
      newPassword: "a new password!",
    });
    expect(reset.status).toBe(200);
    expect((await owner.request("/admin/session")).status).toBe(401);
    expect((await postPublic("/admin/session", seededOwner(PAGE))).status).toBe(401);
    expect((await postPublic("/admin/session", { ...seededOwner(PAGE), password: "a new password!" })).status).toBe(200);
    // The code is used: it does not set a password twice.
    const replay = await postPublic("/admin/password-reset/code", {
      bookingLink: PAGE,
      email,
      code: message!.code,
      newPassword: "third password",
    });
    expect(replay.status).toBe(400);
  });
});

describe("invitations", () => {
  const linkToken = (body: string) => /\/demo-salon\/admin\/invitation#([\w-]+)/.exec(body)?.[1];

  async function invite(email: string) {
    const owner = await signIn(api, seededOwner(PAGE));
    const roles = (await (await owner.request("/admin/roles")).json()) as { id: number; name: string }[];
    const answer = await owner.request("/admin/invitations", { method: "POST", body: { email, roleId: roles[0]!.id } });
    return { owner, answer, token: linkToken((await api.outbox(email))[0]?.body ?? "") };
  }

  it("makes one account from a link, once: used twice is refused", async () => {
    const { answer, token } = await invite("new.person@example.com");
    expect(answer.status).toBe(201);
    expect(token).toBeDefined();
    const accepted = await postPublic("/admin/invitations/accept", { token, name: "New Person", password: "my own password" });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ account: { email: "new.person@example.com", name: "New Person", owner: false } });
    expect(sessionCookieOf(accepted)).toBeDefined();
    const again = await postPublic("/admin/invitations/accept", { token, name: "Someone Else", password: "another password" });
    expect(again.status).toBe(410);
    expect((await again.json()).code).toBe("invitation-used");
    expect(
      (await postPublic("/admin/session", { bookingLink: PAGE, email: "new.person@example.com", password: "my own password" })).status,
    ).toBe(200);
    expect(
      (await postPublic("/admin/session", { bookingLink: PAGE, email: "new.person@example.com", password: "another password" })).status,
    ).toBe(401);
  });

  it("refuses a link after it ran out", async () => {
    const { token } = await invite("late.person@example.com");
    api.clock.advanceMinutes(INVITATION_HOURS * 60);
    const late = await postPublic("/admin/invitations/accept", { token, name: "Late", password: "my own password" });
    expect(late.status).toBe(410);
    expect((await late.json()).code).toBe("invitation-expired");
  });

  it("never sets the password of an address that has an account: it is asked to sign in", async () => {
    const { answer } = await invite(seededStaff(PAGE).email.toUpperCase());
    expect(answer.status).toBe(409);
    expect((await answer.json()).code).toBe("admin-account-exists");

    // Invited before the account was made (by another invitation): the second link sets nothing.
    const first = await invite("twice@example.com");
    const second = await invite("twice@example.com");
    expect(
      await postPublic("/admin/invitations/accept", { token: first.token, name: "First", password: "the first password" }),
    ).toHaveProperty("status", 200);
    const taken = await postPublic("/admin/invitations/accept", {
      token: second.token,
      name: "Second",
      password: "the attacker's password",
    });
    expect(taken.status).toBe(409);
    expect((await taken.json()).code).toBe("admin-account-exists");
    expect(
      (await postPublic("/admin/session", { bookingLink: PAGE, email: "twice@example.com", password: "the first password" })).status,
    ).toBe(200);
  });
});

describe("guessing", () => {
  it("bounds 1,000 wrong passwords spread over many accounts from one address, with 429 and Retry-After", async () => {
    const guessing = await startTestApi({ trustedProxyHops: 1 });
    try {
      const accounts = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          makeAccount(guessing, { bookingLink: PAGE, email: `guessed${i}@example.com`, role: { appointments: "read" } }),
        ),
      );
      const answers = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          requestFrom(guessing, "203.0.113.9", "POST", "/admin/session", {
            bookingLink: PAGE,
            email: accounts[i % accounts.length]!.email,
            password: `guess ${i}`,
          }),
        ),
      );
      // requestFrom sends no Origin: the same guesses with it.
      expect(answers.every((answer) => answer.status === 403)).toBe(true);
      const withOrigin = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          guessing.request("/admin/session", {
            method: "POST",
            headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": "203.0.113.9" },
            body: JSON.stringify({ bookingLink: PAGE, email: accounts[i % accounts.length]!.email, password: `guess ${i}` }),
          }),
        ),
      );
      const statuses = withOrigin.map((answer) => answer.status);
      const compared = statuses.filter((status) => status === 401).length;
      expect(compared).toBeGreaterThan(0);
      expect(compared).toBeLessThanOrEqual(20);
      expect(statuses.filter((status) => status === 429).length).toBe(1000 - compared);
      const limited = withOrigin.find((answer) => answer.status === 429)!;
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await limited.json()).code).toBe("too-many-attempts");
      // The owner, elsewhere, still signs in.
      expect((await requestFrom(guessing, "198.51.100.7", "POST", "/admin/session", seededOwner(PAGE))).status).toBe(403);
      const owner = await guessing.request("/admin/session", {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": "198.51.100.7" },
        body: JSON.stringify(seededOwner(PAGE)),
      });
      expect(owner.status).toBe(200);
    } finally {
      await guessing.close();
    }
  });
});

describe("CSRF on a signed-in change", () => {
  it("needs the session's token: another session's token is refused", async () => {
    const owner = await signIn(api, seededOwner(PAGE));
    const other = await signIn(api, seededStaff(PAGE));
    const forged = adminClient(api, owner.cookie, other.csrfToken, owner.session);
    const answer = await forged.request(`/admin/people/${other.session.account.id}/sessions`, { method: "DELETE" });
    expect(answer.status).toBe(403);
    expect((await answer.json()).code).toBe("csrf-token-invalid");
    expect(CSRF_HEADER).toBe("X-CSRF-Token");
  });
});
