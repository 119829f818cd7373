import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededOwner, seededStaff, sessionCookieOf, signIn } from "../support/admin-session.ts";
import { softAuthenticator } from "../support/soft-authenticator.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

const PAGE = "demo-salon";
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const postPublic = (path: string, body: unknown) =>
  api.request(path, { method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN }, body: JSON.stringify(body) });

/** The signed-in owner registers the authenticator's passkey. */
async function register(authenticator: ReturnType<typeof softAuthenticator>) {
  const owner = await signIn(api, seededOwner(PAGE));
  const options = (await (await owner.request("/admin/passkeys/options", { method: "POST" })).json()) as {
    challenge: string;
    rp: { id: string };
  };
  expect(options.rp.id).toBe(new URL(TEST_ORIGIN).hostname);
  const added = await owner.request("/admin/passkeys", {
    method: "POST",
    body: { name: "My phone", response: authenticator.create(options) },
  });
  return { owner, added };
}

const signInOptions = async () =>
  (await (await postPublic("/admin/passkey-session/options", { bookingLink: PAGE })).json()) as { challenge: string };

describe("passkeys", () => {
  it("registers one while signed in, then signs in with it instead of a password: a new session", async () => {
    const authenticator = softAuthenticator(TEST_ORIGIN);
    const { owner, added } = await register(authenticator);
    expect(added.status).toBe(201);
    expect(await (await owner.request("/admin/passkeys")).json()).toMatchObject([{ name: "My phone" }]);

    const answer = await postPublic("/admin/passkey-session", { bookingLink: PAGE, response: authenticator.get(await signInOptions()) });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ account: { email: seededOwner(PAGE).email, owner: true } });
    const cookie = sessionCookieOf(answer)!;
    expect(cookie).not.toBe(owner.cookie);
    expect((await api.request("/admin/session", { headers: { cookie: `admin_session=${cookie}` } })).status).toBe(200);
  });

  it("refuses a challenge used twice, an answer for another site, a replayed counter and another page", async () => {
    const authenticator = softAuthenticator(TEST_ORIGIN);
    await register(authenticator);
    const options = await signInOptions();
    expect((await postPublic("/admin/passkey-session", { bookingLink: PAGE, response: authenticator.get(options) })).status).toBe(200);
    const twice = await postPublic("/admin/passkey-session", { bookingLink: PAGE, response: authenticator.get(options) });
    expect([twice.status, (await twice.json()).code]).toEqual([400, "passkey-challenge-expired"]);
    // Signed with the counter of the first sign-in: a copy of the key, refused.
    const replayed = await postPublic("/admin/passkey-session", {
      bookingLink: PAGE,
      response: authenticator.get(await signInOptions(), { counter: 1 }),
    });
    expect([replayed.status, (await replayed.json()).code]).toEqual([401, "passkey-refused"]);
    const phished = await postPublic("/admin/passkey-session", {
      bookingLink: PAGE,
      response: authenticator.get(await signInOptions(), { at: "https://evil.example" }),
    });
    expect([phished.status, (await phished.json()).code]).toEqual([401, "passkey-refused"]);
    // Another page's challenge: the passkey opens no account there.
    const clinic = (await (await postPublic("/admin/passkey-session/options", { bookingLink: "demo-clinic" })).json()) as {
      challenge: string;
    };
    expect((await postPublic("/admin/passkey-session", { bookingLink: "demo-clinic", response: authenticator.get(clinic) })).status).toBe(
      401,
    );
  });

  it("opens nothing once removed, and someone else cannot remove it; a challenge runs out", async () => {
    const authenticator = softAuthenticator(TEST_ORIGIN);
    const { owner } = await register(authenticator);
    const late = await signInOptions();
    api.clock.advanceMinutes(5);
    expect((await postPublic("/admin/passkey-session", { bookingLink: PAGE, response: authenticator.get(late) })).status).toBe(400);

    const [passkey] = (await (await owner.request("/admin/passkeys")).json()) as { id: number }[];
    const staff = await signIn(api, seededStaff(PAGE));
    // Someone else's passkey: 404, as if it did not exist.
    expect((await staff.request(`/admin/passkeys/${passkey!.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await owner.request(`/admin/passkeys/${passkey!.id}`, { method: "DELETE" })).status).toBe(204);
    expect(
      (await postPublic("/admin/passkey-session", { bookingLink: PAGE, response: authenticator.get(await signInOptions()) })).status,
    ).toBe(401);
  });

  it("refuses a registration made for another site", async () => {
    const owner = await signIn(api, seededOwner(PAGE));
    const options = (await (await owner.request("/admin/passkeys/options", { method: "POST" })).json()) as { challenge: string };
    const phished = softAuthenticator("https://evil.example").create(options);
    const answer = await owner.request("/admin/passkeys", { method: "POST", body: { response: phished } });
    expect([answer.status, (await answer.json()).code]).toEqual([400, "passkey-invalid"]);
  });
});
