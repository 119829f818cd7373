import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { makeFirstOwner } from "../../demo/api/admin/people/first-owner.ts";
import { outboxMessenger } from "../../demo/api/outbox/messenger.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { signIn } from "../support/admin-session.ts";
import { startTestApi, TEST_ORIGIN, type TestApi } from "../support/test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());
beforeEach(() => api.reset());

const keys = serverKeys(DEMO_SECRET);
const accept = (body: unknown) =>
  api.request("/admin/invitations/accept", {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_ORIGIN },
    body: JSON.stringify(body),
  });

describe("npm run providers:owner (makeFirstOwner)", () => {
  it("makes an owner without a password and e-mails the link that sets it, once", async () => {
    const email = "first.owner@example.com";
    await makeFirstOwner(
      { db: api.db, keys, messenger: outboxMessenger(keys) },
      "rules-studio",
      email,
      "https://book.example.com",
      api.clock.now(),
    );
    const [message] = await api.outbox(email);
    const token = /https:\/\/book\.example\.com\/rules-studio\/admin\/invitation#([\w-]+)$/m.exec(message!.body)?.[1];
    expect(token).toBeDefined();
    // No password yet: nothing signs in.
    const before = await api.request("/admin/session", {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN },
      body: JSON.stringify({ bookingLink: "rules-studio", email, password: "anything at all" }),
    });
    expect(before.status).toBe(401);

    const accepted = await accept({ token, name: "First Owner", password: "the owner's password" });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ account: { owner: true, name: "First Owner" }, role: { administration: "readWrite" } });
    expect((await accept({ token, name: "Attacker", password: "another password" })).status).toBe(410);
    const owner = await signIn(api, { bookingLink: "rules-studio", email, password: "the owner's password" });
    expect(owner.session.account.owner).toBe(true);
  });

  it("refuses an address that has an account at the page: it never sets a password or makes an owner", async () => {
    const run = makeFirstOwner(
      { db: api.db, keys, messenger: outboxMessenger(keys) },
      "demo-salon",
      "STAFF@demo-salon.example",
      TEST_ORIGIN,
      api.clock.now(),
    );
    await expect(run).rejects.toThrow("has an account at demo-salon already");
    await expect(
      makeFirstOwner({ db: api.db, keys, messenger: outboxMessenger(keys) }, "no-such-page", "a@example.com", TEST_ORIGIN, api.clock.now()),
    ).rejects.toThrow('No booking page "no-such-page"');
  });
});
