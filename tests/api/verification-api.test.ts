import * as v from "valibot";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CustomerAccount, Provider } from "../../src/contract/schemas/index.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
const ids: Record<string, number> = {};
beforeAll(async () => {
  api = await startTestApi();
  for (const link of ["demo-salon", "demo-clinic", "demo-frisor"]) {
    ids[link] = v.parse(Provider, await (await api.request(`/User/ByUser/${link}`)).json()).userId;
  }
});
afterAll(() => api.close());
// Each test starts from the seed, whatever the others did.
beforeEach(() => api.reset());

const outbox = (to: string) => api.outbox(to);

describe("booking verification codes", () => {
  it("e-mails a five-digit code for an e-mail-verifying provider and verifies it once", async () => {
    const email = "ola@example.com";
    const sent = await api.postJson(`/Appointment/verificationCode/?userId=${ids["demo-clinic"]}`, {
      emailAddress: email,
      phoneNumber: "3125550199",
      phoneNumberCountryCode: 1,
      firstName: "Ola",
    });
    expect(sent.status).toBe(200);
    const [message] = await outbox(email);
    expect(message).toMatchObject({ channel: "email", to: email });
    expect(message!.code).toMatch(/^\d{5}$/);
    expect(message!.body).toContain(message!.code);

    const wrong = message!.code === "00000" ? "11111" : "00000";
    const refused = await api.request(`/Appointment/verify?verificationCode=${wrong}&userId=${ids["demo-clinic"]}`, { method: "POST" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "Invalid verification code", code: "wrong-verification-code" });

    const verified = await api.request(`/Appointment/verify?verificationCode=${message!.code}&userId=${ids["demo-clinic"]}`, {
      method: "POST",
    });
    expect(verified.status).toBe(200);
    const account = v.parse(CustomerAccount, await verified.json());
    // The code proves the e-mail address only: the phone typed beside it is not the account's.
    expect(account).toMatchObject({ verified: true, emailAddress: email, phoneNumber: "", firstName: "Ola" });
    expect(account.customerAccountIdentificationCode).toMatch(/^[0-9a-f]{48}$/);

    const again = await api.postJson("/Appointment/verify", { code: message!.code, userId: ids["demo-clinic"] });
    expect(again.status).toBe(400);
  });

  it("texts the code for a phone-verifying provider, and a new code replaces the old one", async () => {
    const phone = "48000001";
    for (let i = 0; i < 2; i++) {
      expect(
        (
          await api.postJson(`/Appointment/verificationCode?userId=${ids["demo-frisor"]}`, {
            phoneNumber: phone,
            phoneNumberCountryCode: 47,
          })
        ).status,
      ).toBe(200);
    }
    const [newest, older] = await outbox(phone);
    expect(newest!.channel).toBe("sms");
    if (newest!.code !== older!.code) {
      expect((await api.postJson("/Appointment/verify", { code: older!.code, userId: ids["demo-frisor"] })).status).toBe(400);
    }
    const account = v.parse(
      CustomerAccount,
      await (await api.postJson("/Appointment/verify", { code: newest!.code, userId: ids["demo-frisor"] })).json(),
    );
    expect(account.phoneNumber).toBe(phone);
  });

  it("takes a code for 15 minutes, on the API's clock", async () => {
    const send = (phone: string) =>
      api.postJson(`/Appointment/verificationCode?userId=${ids["demo-frisor"]}`, { phoneNumber: phone, phoneNumberCountryCode: 47 });
    const verify = async (phone: string) =>
      api.postJson("/Appointment/verify", { code: (await outbox(phone))[0]!.code, userId: ids["demo-frisor"] });
    await send("48000011");
    api.clock.advanceMinutes(14);
    expect((await verify("48000011")).status).toBe(200);
    await send("48000012");
    api.clock.advanceMinutes(15);
    const late = await verify("48000012");
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ message: "Invalid verification code", code: "wrong-verification-code" });
  });

  it("verifies an existing customer as that customer", async () => {
    await api.postJson(`/Appointment/verificationCode?userId=${ids["demo-salon"]}`, {
      phoneNumber: "2125550123",
      phoneNumberCountryCode: 1,
    });
    const [message] = await outbox("2125550123");
    const account = v.parse(
      CustomerAccount,
      await (await api.postJson("/Appointment/verify", { code: message!.code, userId: ids["demo-salon"] })).json(),
    );
    expect(account.firstName).toBe("Taylor");
  });

  it("answers 400 with a message for malformed code requests", async () => {
    const cases: [string, unknown, RegExp][] = [
      [`/Appointment/verificationCode?userId=${ids["demo-frisor"]}`, {}, /phoneNumber.*required/],
      [`/Appointment/verificationCode?userId=${ids["demo-frisor"]}`, { phoneNumber: "12ab" }, /phoneNumber/],
      [`/Appointment/verificationCode?userId=${ids["demo-clinic"]}`, { emailAddress: "ola@example" }, /emailAddress/],
      [`/Appointment/verificationCode`, { phoneNumber: "41234567" }, /userId/],
      [`/Appointment/verificationCode?userId=${ids["demo-frisor"]}`, "not json", /JSON/],
      [`/Appointment/verify?userId=${ids["demo-frisor"]}&verificationCode=12`, {}, /5 digits/],
      [`/Appointment/verify?verificationCode=12345`, {}, /userId/],
    ];
    for (const [path, body, message] of cases) {
      const response = await api.postJson(path, body);
      expect(response.status, path).toBe(400);
      expect((await response.json()).message, path).toMatch(message);
    }
    expect((await api.request("/dev/outbox")).status).toBe(400);
  });

  it("locks a caller out after five wrong codes, even for the right one", async () => {
    const spa = await api.providerId("demo-spa");
    await api.postJson(`/Appointment/verificationCode?userId=${spa}`, { phoneNumber: "5512345678", phoneNumberCountryCode: 52 });
    const [message] = await outbox("5512345678");
    const wrong = (i: number) => String((Number(message!.code) + 1 + i) % 100_000).padStart(5, "0");
    for (let i = 0; i < 5; i++) {
      expect((await api.postJson("/Appointment/verify", { code: wrong(i), userId: spa })).status).toBe(400);
    }
    const locked = await api.postJson("/Appointment/verify", { code: message!.code, userId: spa });
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toMatch(/Too many failed attempts/);
  });
});
