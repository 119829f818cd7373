import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CustomerAccount, type Provider } from "../../src/contract/schemas/index.ts";
import { bookingPage, createAccount } from "../support/booking-helpers.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let salon: number;
let frisor: number;
let salonPage: Provider;
beforeAll(async () => {
  api = await startTestApi();
  salonPage = (await bookingPage(api, "demo-salon")).provider;
  salon = salonPage.userId;
  frisor = await api.providerId("demo-frisor");
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did.
beforeEach(() => api.reset());

const profile = (adminId: number, phoneNumber: string, extra: Record<string, unknown> = {}) => ({
  adminId,
  phoneNumber,
  phoneNumberCountryCode: 1,
  firstName: "Robin",
  lastName: "",
  emailAddress: "robin@example.com",
  address: "",
  postalCode: "",
  city: "",
  password: "secret-1",
  ssn: "",
  dateOfBirth: null,
  gender: null,
  country: "Unknown",
  ...extra,
});
const account = async (response: Response) => v.parse(CustomerAccount, await response.json());

describe("phone lookup and password login", () => {
  it("answers Existing for an account with a password and New otherwise, as plain text", async () => {
    const existing = await api.postJson("/CustomerAccount/byPhone", { login: "2125550123", adminId: salon });
    expect(existing.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await existing.text()).toBe("Existing");
    expect(await (await api.postJson("/CustomerAccount/byPhone", { login: "2125550999", adminId: salon })).text()).toBe("New");
    // Accounts belong to one booking page: Taylor is unknown to the frisør.
    expect(await (await api.postJson("/CustomerAccount/byPhone", { login: "2125550123", adminId: frisor })).text()).toBe("New");
  });

  it("logs in with the right password and tells a wrong password from an unknown phone", async () => {
    const ok = await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550123", password: "salon-demo-1", adminId: salon });
    expect(ok.status).toBe(200);
    const taylor = await account(ok);
    expect(taylor).toMatchObject({ firstName: "Taylor", verified: true, phoneNumber: "2125550123" });
    expect(taylor.customerAccountIdentificationCode).toMatch(/^[0-9a-f]+$/);
    const body = JSON.stringify(taylor);
    expect(body).not.toMatch(/salon-demo-1|scrypt|password/i);

    const wrong = await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550123", password: "nope-nope", adminId: salon });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Wrong password", code: "wrong-password" });
    const unknown = await api.postJson("/CustomerAccount/byPhoneAndPassword", {
      login: "2125550000",
      password: "nope-nope",
      adminId: salon,
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "No customer account with this phone number", code: "unknown-phone" });
  });

  it("locks a phone out after five wrong passwords, even for the right one", async () => {
    await createAccount(api, salonPage, profile(salon, "2125550777"));
    for (let i = 0; i < 5; i++) {
      expect(
        (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550777", password: `guess-${i}`, adminId: salon })).status,
      ).toBe(401);
    }
    const locked = await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550777", password: "secret-1", adminId: salon });
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toMatch(/Too many failed attempts/);
    // The lock lasts 15 minutes from the first miss, on the API's clock.
    api.clock.advanceMinutes(14);
    expect(
      (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550777", password: "secret-1", adminId: salon })).status,
    ).toBe(429);
    api.clock.advanceMinutes(1);
    expect(
      (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550777", password: "secret-1", adminId: salon })).status,
    ).toBe(200);
  });
});

describe("creating and editing an account", () => {
  it("creates an unverified account (no token yet); the password is set, as a slow hash, by whoever proves the phone; a second one is refused", async () => {
    const created = await api.postJson("/CustomerAccount", profile(salon, "2125550101", { city: "New York" }));
    expect(created.status).toBe(200);
    const robin = await account(created);
    expect(robin).toMatchObject({ firstName: "Robin", city: "New York", verified: false, customerAccountIdentificationCode: null });
    const storedHash = async () =>
      (
        await api.db.query<{ password_hash: string | null }>(
          "SELECT password_hash FROM customer_accounts WHERE phone_number = '2125550101'",
        )
      )[0]!.password_hash;
    expect(await storedHash()).toBeNull();
    expect(await (await api.postJson("/CustomerAccount/byPhone", { login: "2125550101", adminId: salon })).text()).toBe("New");

    const verified = await createAccount(api, salonPage, profile(salon, "2125550101", { city: "New York" }));
    expect(verified.verified).toBe(true);
    expect(await storedHash()).toMatch(/^scrypt\$16384\$/);
    expect(await storedHash()).not.toContain("secret-1");

    expect(await (await api.postJson("/CustomerAccount/byPhone", { login: "2125550101", adminId: salon })).text()).toBe("Existing");
    const again = await api.postJson("/CustomerAccount", profile(salon, "2125550101"));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "A customer account with this phone number already exists", code: "account-exists" });
  });

  it("checks the provider's required fields and the password rule", async () => {
    const noEmail = await api.postJson("/CustomerAccount", profile(salon, "2125550102", { emailAddress: "" }));
    expect(noEmail.status).toBe(400);
    expect((await noEmail.json()).message).toMatch(/emailAddress is required/);
    const short = await api.postJson("/CustomerAccount", profile(salon, "2125550102", { password: "12345" }));
    expect(short.status).toBe(400);
    expect((await short.json()).message).toMatch(/password.*longer than 5/);
    expect((await api.postJson("/CustomerAccount", profile(salon, "2125550102", { password: "123456" }))).status).toBe(200);
  });

  it("edits a profile with the account's token or password, never its phone or password, and refuses strangers", async () => {
    const login = await account(
      await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550123", password: "salon-demo-1", adminId: salon }),
    );
    const edited = await api.sendJson("PUT", "/CustomerAccount", {
      ...profile(salon, "2125550123", { firstName: "Taylor", city: "Brooklyn", password: "ignored-1" }),
      customerAccountIdentificationCode: login.customerAccountIdentificationCode,
    });
    expect(edited.status).toBe(200);
    expect(await account(edited)).toMatchObject({ firstName: "Taylor", city: "Brooklyn", phoneNumber: "2125550123" });
    expect(
      (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550123", password: "salon-demo-1", adminId: salon })).status,
    ).toBe(200);

    const byPassword = await api.sendJson(
      "PUT",
      "/CustomerAccount",
      profile(salon, "2125550123", { firstName: "Taylor", password: "salon-demo-1", city: "Queens" }),
    );
    expect(await account(byPassword)).toMatchObject({ city: "Queens" });

    const stranger = await api.sendJson("PUT", "/CustomerAccount", {
      ...profile(salon, "2125550123", { firstName: "Mallory", password: "" }),
      customerAccountIdentificationCode: "0".repeat(48),
    });
    expect(stranger.status).toBe(401);
    const [row] = await api.db.query<{ first_name: string }>("SELECT first_name FROM customer_accounts WHERE phone_number = '2125550123'");
    expect(row!.first_name).toBe("Taylor");
  });
});

describe("password reset", () => {
  it("texts a code; a wrong code answers Wrong code; the right one sets the new password once", async () => {
    expect((await api.postJson("/CustomerAccount/resetPassword", { login: "41234567", adminId: frisor })).status).toBe(200);
    const [message] = await api.outbox("41234567");
    expect(message).toMatchObject({ channel: "sms", to: "41234567" });
    expect(message!.code).toMatch(/^\d{5}$/);

    const wrongCode = message!.code === "00000" ? "11111" : "00000";
    const wrong = await api.postJson("/CustomerAccount/resetPasswordByCode", {
      adminId: frisor,
      login: "41234567",
      code: wrongCode,
      newPassword: "nytt-passord",
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe("Wrong code");

    const ok = await api.postJson("/CustomerAccount/resetPasswordByCode", {
      adminId: frisor,
      login: "41234567",
      code: message!.code,
      newPassword: "nytt-passord",
    });
    expect(ok.status).toBe(200);
    expect(
      (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "41234567", password: "frisor-demo-1", adminId: frisor })).status,
    ).toBe(401);
    expect(
      (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "41234567", password: "nytt-passord", adminId: frisor })).status,
    ).toBe(200);
    const reused = await api.postJson("/CustomerAccount/resetPasswordByCode", {
      adminId: frisor,
      login: "41234567",
      code: message!.code,
      newPassword: "tredje-passord",
    });
    expect(reused.status).toBe(400);
  });

  it("answers 404 for a reset of an unknown phone", async () => {
    const response = await api.postJson("/CustomerAccount/resetPassword", { login: "49999999", adminId: frisor });
    expect(response.status).toBe(404);
  });
});

describe("malformed customer account requests", () => {
  it("answers 400 naming the bad field, never a stack trace", async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ["POST", "/CustomerAccount", "not json", /JSON/],
      ["POST", "/CustomerAccount", { ...profile(salon, "12ab") }, /phoneNumber/],
      ["POST", "/CustomerAccount", { ...profile(salon, "2125550103"), adminId: "x" }, /adminId/],
      ["POST", "/CustomerAccount", { ...profile(salon, "2125550103"), password: undefined }, /password.*required/],
      ["POST", "/CustomerAccount", { ...profile(salon, "2125550103"), gender: "other" }, /gender/],
      ["POST", "/CustomerAccount", { ...profile(salon, "2125550103"), dateOfBirth: "31.12.1990" }, /dateOfBirth/],
      ["PUT", "/CustomerAccount", [], /JSON object/],
      ["POST", "/CustomerAccount/byPhone", { adminId: salon }, /login.*required/],
      ["POST", "/CustomerAccount/byPhone", "{", /JSON/],
      ["POST", "/CustomerAccount/byPhoneAndPassword", { login: "2125550123", adminId: salon }, /password.*required/],
      ["POST", "/CustomerAccount/resetPassword", { login: "+47 41234567", adminId: frisor }, /login/],
      [
        "POST",
        "/CustomerAccount/resetPasswordByCode",
        { login: "41234567", adminId: frisor, code: "1234", newPassword: "abcdef" },
        /code.*5 digits/,
      ],
      [
        "POST",
        "/CustomerAccount/resetPasswordByCode",
        { login: "41234567", adminId: frisor, code: "12345", newPassword: "abc" },
        /newPassword/,
      ],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await api.sendJson(method, path, body);
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      const answer = await response.json();
      expect(answer.message, path).toMatch(message);
      expect(JSON.stringify(answer)).not.toMatch(/at .*\.ts:\d+/);
    }
    const unknownProvider = await api.postJson("/CustomerAccount/byPhone", { login: "41234567", adminId: 999999 });
    expect(unknownProvider.status).toBe(404);
  });
});
