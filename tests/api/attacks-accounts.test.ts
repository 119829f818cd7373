import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Provider } from "../../src/contract/schemas/index.ts";
import { DEMO_SECRET, serverKeys } from "../../demo/api/secrets/server-keys.ts";
import { bookingPage, bookingRequest, createAccount, hoursFor, loginToken, verifiedToken } from "../support/booking-helpers.ts";
import { demoToday, expectedFirstDay } from "../support/expected-times.ts";
import { requestFrom, startTestApi, type TestApi } from "../support/test-api.ts";
import { addDays } from "../../src/contract/zoned-time.ts";

// Issue 14, "Account takeover" and "Codes and messages": what an attacker with curl tried,
// each as a regression test. Runs on PGlite (api) and on PostgreSQL (api-postgres).

let api: TestApi;
let salon: Provider;
let clinic: Provider;
const TAYLOR = "2125550123";

beforeAll(async () => {
  api = await startTestApi({ trustedProxyHops: 1 });
  salon = (await bookingPage(api, "demo-salon")).provider;
  clinic = (await bookingPage(api, "demo-clinic")).provider;
});
afterAll(() => api.close());
beforeEach(() => api.reset());

/** A request as if from `address` (the test API trusts one proxy's X-Forwarded-For). */
const from = (address: string, method: string, path: string, body?: unknown) => requestFrom(api, address, method, path, body);
function statusCounts(responses: Response[]) {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}
const sendCode = (provider: Provider, contact: Record<string, unknown>, address = "198.51.100.1") =>
  from(address, "POST", `/Appointment/verificationCode?userId=${provider.userId}`, { phoneNumberCountryCode: 1, ...contact });
const setVerification = (provider: Provider, type: 0 | 1 | 2) =>
  api.db.query("UPDATE providers SET verification_type = $2 WHERE id = $1", [provider.userId, type]);

describe("1. a code proves the one address it was sent to", () => {
  it("an e-mail code sent with someone else's phone beside it unlocks nothing of theirs", async () => {
    // The victim has a phone-proven account at the clinic, with an appointment on My Page.
    await setVerification(clinic, 2);
    const victimToken = await verifiedToken(api, clinic, { phoneNumber: "3125550160" });
    await setVerification(clinic, 1);

    await sendCode(clinic, { emailAddress: "mallory@example.com", phoneNumber: "3125550160", firstName: "Mallory" });
    const [mail] = await api.outbox("mallory@example.com");
    const verified = await api.postJson("/Appointment/verify", { code: mail!.code, userId: clinic.userId });
    expect(verified.status).toBe(200);
    const account = (await verified.json()) as { phoneNumber: string; emailAddress: string; customerAccountIdentificationCode: string };
    expect(account.phoneNumber).toBe("");
    expect(account.emailAddress).toBe("mallory@example.com");
    expect(account.customerAccountIdentificationCode).not.toBe(victimToken);
    // Her token opens no My Page with the victim's phone.
    const stolen = await api.request(`/Customer/FetchByToken/${account.customerAccountIdentificationCode}/${clinic.userId}/3125550160`);
    expect(stolen.status).toBe(401);
  });

  it("an e-mail code opens an account only when that e-mail was itself proven before", async () => {
    // Mallory types Kim's e-mail on an unverified booking page: an account with Kim's address, unproven.
    await setVerification(clinic, 0);
    const physio = (await bookingPage(api, "demo-clinic")).services.Physiotherapy!;
    const day = await hoursFor(
      api,
      clinic,
      physio,
      {},
      expectedFirstDay("demo-clinic", 45, undefined, addDays(demoToday("demo-clinic"), 1)).iso,
    );
    const booked = await api.postJson(
      `/Appointment?userId=${clinic.userId}`,
      bookingRequest(clinic, physio, day.iso, day.hoursToBook[0]!.backendLabel, {
        phoneNumber: "3125550161",
        emailAddress: "kim@example.com",
      }),
    );
    expect(booked.status).toBe(200);
    await setVerification(clinic, 1);
    // Kim proves her e-mail: she gets an account of her own, not the one Mallory filled in.
    await sendCode(clinic, { emailAddress: "kim@example.com" });
    const [mail] = await api.outbox("kim@example.com");
    const kim = (await (await api.postJson("/Appointment/verify", { code: mail!.code, userId: clinic.userId })).json()) as {
      phoneNumber: string;
    };
    expect(kim.phoneNumber).toBe("");
  });
});

describe("2. an account's password is set only by whoever proved its phone", () => {
  it("a profile made for someone else's phone sets no password and overwrites nothing", async () => {
    // The owner booked before: an unverified account with their name.
    const owner = "2125550170";
    await api.db.query(
      "INSERT INTO customer_accounts (provider_id, first_name, email_address, phone_number) VALUES ($1, 'Olivia', 'olivia@example.com', $2)",
      [salon.userId, owner],
    );
    const claim = await api.postJson("/CustomerAccount", {
      adminId: salon.userId,
      phoneNumber: owner,
      phoneNumberCountryCode: 1,
      firstName: "Mallory",
      lastName: "",
      emailAddress: "mallory@example.com",
      address: "",
      postalCode: "",
      city: "",
      password: "mallory-1",
      ssn: "",
      dateOfBirth: null,
      gender: null,
    });
    expect(claim.status).toBe(200);
    // The answer is what was sent, never what is stored about the owner.
    expect(JSON.stringify(await claim.json())).not.toContain("Olivia");
    const [row] = await api.db.query<{ firstName: string; passwordHash: string | null }>(
      `SELECT first_name AS "firstName", password_hash AS "passwordHash" FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2`,
      [salon.userId, owner],
    );
    expect(row).toEqual({ firstName: "Olivia", passwordHash: null });
    expect(
      (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: owner, password: "mallory-1", adminId: salon.userId })).status,
    ).toBe(404);

    // The owner's next ordinary SMS verification: Mallory's password still opens nothing.
    await verifiedToken(api, salon, { phoneNumber: owner });
    expect(
      (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: owner, password: "mallory-1", adminId: salon.userId })).status,
    ).toBe(404);
  });

  it("the password sent with the code that proves the phone is the one that logs in", async () => {
    await createAccount(api, salon, {
      phoneNumber: "2125550171",
      phoneNumberCountryCode: 1,
      firstName: "Robin",
      lastName: "",
      emailAddress: "robin@example.com",
      address: "",
      postalCode: "",
      city: "",
      password: "robin-pass-1",
      ssn: "",
      dateOfBirth: null,
      gender: null,
    });
    expect(
      (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550171", password: "robin-pass-1", adminId: salon.userId }))
        .status,
    ).toBe(200);
    // A later proof of the phone does not replace a password that is set (that is what reset is for).
    await sendCode(salon, { phoneNumber: "2125550171" });
    const [sms] = await api.outbox("2125550171");
    await api.postJson("/Appointment/verify", {
      code: sms!.code,
      userId: salon.userId,
      phoneNumber: "2125550171",
      password: "other-pass-1",
    });
    expect(
      (await api.postJson("/CustomerAccount/byPhoneAndPassword", { login: "2125550171", password: "other-pass-1", adminId: salon.userId }))
        .status,
    ).toBe(401);
  });
});

describe("3. a link that opens a customer's data goes only to that customer's own contacts", () => {
  it("booking with someone's phone and my e-mail sends me no My Page link; their phone gets it", async () => {
    await setVerification(clinic, 0);
    const physio = (await bookingPage(api, "demo-clinic")).services.Physiotherapy!;
    const day = await hoursFor(
      api,
      clinic,
      physio,
      {},
      expectedFirstDay("demo-clinic", 45, undefined, addDays(demoToday("demo-clinic"), 1)).iso,
    );
    const book = (index: number, emailAddress: string) =>
      api.postJson(
        `/Appointment?userId=${clinic.userId}`,
        bookingRequest(clinic, physio, day.iso, day.hoursToBook[index]!.backendLabel, {
          phoneNumber: "3125550180",
          emailAddress,
          smsReceipt: true,
          emailReceipt: true,
        }),
      );
    expect((await book(0, "owner@example.com")).status).toBe(200);
    expect((await book(1, "mallory@example.com")).status).toBe(200);
    const [toMallory] = await api.outbox("mallory@example.com");
    expect(toMallory!.body).toContain("Physiotherapy");
    expect(toMallory!.body).not.toMatch(/min-side|c=\d{3}/);
    const [toPhone] = await api.outbox("3125550180");
    expect(toPhone!.body).toMatch(/min-side\?p=3125550180&c=\d{3}/);
  });
});

describe("4. at most N guesses are ever compared, whatever the concurrency", () => {
  it("1000 parallel guesses at a My Page code: at most 5 compared, the rest 429", async () => {
    const kari = "41234567";
    const frisor = (await bookingPage(api, "demo-frisor")).provider;
    const guesses = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));
    const responses = await Promise.all(
      guesses.map((code) => from("203.0.113.9", "GET", `/Customer/FetchByToken/${code}/${frisor.userId}/${kari}`)),
    );
    const counts = statusCounts(responses);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(995);
  });

  it("300 parallel password guesses: at most 5 compared", async () => {
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        from("203.0.113.10", "POST", "/CustomerAccount/byPhoneAndPassword", {
          login: TAYLOR,
          password: `guess-${i}`,
          adminId: salon.userId,
        }),
      ),
    );
    const counts = statusCounts(responses);
    expect(counts[401]).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(295);
  });

  it("1000 parallel guesses at one verification code: at most 5 compared, then only a new code helps", async () => {
    await sendCode(salon, { phoneNumber: "2125550190" });
    const [sms] = await api.outbox("2125550190");
    const wrong = Array.from({ length: 1000 }, (_, i) => String((Number(sms!.code) + 1 + i) % 100_000).padStart(5, "0"));
    const responses = await Promise.all(
      wrong.map((code, i) =>
        from(`198.51.100.${i % 250}`, "POST", "/Appointment/verify", { code, userId: salon.userId, phoneNumber: "2125550190" }),
      ),
    );
    const counts = statusCounts(responses);
    expect(counts[400]).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(995);
    const right = await api.postJson("/Appointment/verify", { code: sms!.code, userId: salon.userId, phoneNumber: "2125550190" });
    expect(right.status).toBe(429);
    expect((await right.json()).message).toMatch(/new code/);
  });

  it("1000 parallel guesses with the code alone (spec §7, no recipient): at most 5 per address compared", async () => {
    await sendCode(salon, { phoneNumber: "2125550191" });
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        from("203.0.113.11", "POST", "/Appointment/verify", { code: String(i * 97).padStart(5, "0"), userId: salon.userId }),
      ),
    );
    const counts = statusCounts(responses);
    expect((counts[400] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(5);
  });

  it("a success gives back only its own count: it does not clear what a guesser filled in", async () => {
    const login = (password: string) =>
      from("203.0.113.12", "POST", "/CustomerAccount/byPhoneAndPassword", { login: TAYLOR, password, adminId: salon.userId });
    for (let i = 0; i < 4; i++) expect((await login(`guess-${i}`)).status).toBe(401);
    expect((await login("salon-demo-1")).status).toBe(200);
    expect((await login("guess-4")).status).toBe(401);
    const locked = await login("guess-5");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("9. no unbounded loop on user-driven state", () => {
  it("answers 503 at once when every five-digit code is live, and the server keeps answering", async () => {
    const keys = serverKeys(DEMO_SECRET);
    const digests = Array.from({ length: 100_000 }, (_, n) =>
      keys.digest(`one-time-code:${salon.userId}:verify-booking`, String(n).padStart(5, "0")),
    );
    await api.db.query(
      `INSERT INTO one_time_codes (provider_id, purpose, channel, recipient, code_hash, expires_at)
       SELECT $1, 'verify-booking', 'sms', 'filler', d, $2 FROM unnest($3::text[]) AS d`,
      [salon.userId, new Date(api.clock.now().getTime() + 3_600_000), digests],
    );
    const full = await sendCode(salon, { phoneNumber: "2125550192" });
    expect(full.status).toBe(503);
    expect((await full.json()).message).toMatch(/Try again/);
    expect((await api.request(`/User/ByUser/demo-salon`)).status).toBe(200);
  });
});

describe("10. sending is limited per recipient and per address", () => {
  it("100 parallel sends to one phone: 3 messages, the rest 429 with Retry-After and words", async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => sendCode(salon, { phoneNumber: "2125550193" }, `198.51.100.${i}`)),
    );
    const counts = statusCounts(responses);
    expect(counts[200]).toBe(3);
    expect(counts[429]).toBe(97);
    expect(await api.outbox("2125550193")).toHaveLength(3);
    const refused = responses.find((r) => r.status === 429)!;
    expect(await refused.json()).toEqual({ message: "Too many codes sent. Try again in 15 minutes.", code: "too-many-codes" });
    expect(refused.headers.get("retry-after")).toBe("900");
    // The window ends on the API's clock.
    api.clock.advanceMinutes(15);
    expect((await sendCode(salon, { phoneNumber: "2125550193" })).status).toBe(200);
  });

  it("password reset codes count against the same phone; one address may ask for 20 codes an hour", async () => {
    for (let i = 0; i < 3; i++)
      expect((await from("198.51.100.20", "POST", "/CustomerAccount/resetPassword", { login: TAYLOR, adminId: salon.userId })).status).toBe(
        200,
      );
    expect((await from("198.51.100.21", "POST", "/CustomerAccount/resetPassword", { login: TAYLOR, adminId: salon.userId })).status).toBe(
      429,
    );
    const sends = await Promise.all(
      Array.from({ length: 25 }, (_, i) => sendCode(salon, { phoneNumber: `21255502${String(i).padStart(2, "0")}` }, "198.51.100.22")),
    );
    expect(statusCounts(sends)).toEqual({ 200: 20, 429: 5 });
  });
});

describe("11. lock-outs stop guessing without handing out a denial of service", () => {
  it("behind a trusted proxy, one client's wrong codes do not lock out another", async () => {
    for (let i = 0; i < 5; i++)
      expect((await from("203.0.113.20", "POST", "/Appointment/verify", { code: "00000", userId: salon.userId })).status).toBe(400);
    expect((await from("203.0.113.20", "POST", "/Appointment/verify", { code: "00000", userId: salon.userId })).status).toBe(429);
    expect((await from("203.0.113.21", "POST", "/Appointment/verify", { code: "00000", userId: salon.userId })).status).toBe(400);
  });

  it("only the address the trusted proxy saw counts: a forged X-Forwarded-For entry does not get a new budget", async () => {
    for (let i = 0; i < 5; i++)
      await from(`10.0.0.${i}, 203.0.113.30`, "POST", "/Appointment/verify", { code: "00000", userId: salon.userId });
    expect((await from("10.9.9.9, 203.0.113.30", "POST", "/Appointment/verify", { code: "00000", userId: salon.userId })).status).toBe(429);
  });

  it("guessing at a customer's password or My Page code does not lock them out of their token or another address", async () => {
    const token = await loginToken(api, salon, TAYLOR, "salon-demo-1");
    for (let i = 0; i < 6; i++)
      await from("203.0.113.40", "POST", "/CustomerAccount/byPhoneAndPassword", {
        login: TAYLOR,
        password: `guess-${i}`,
        adminId: salon.userId,
      });
    for (let i = 0; i < 12; i++)
      await from(`203.0.113.${41 + (i % 3)}`, "GET", `/Customer/FetchByToken/${String(i).padStart(3, "0")}/${salon.userId}/${TAYLOR}`);
    expect(
      (
        await from("203.0.113.40", "POST", "/CustomerAccount/byPhoneAndPassword", {
          login: TAYLOR,
          password: "salon-demo-1",
          adminId: salon.userId,
        })
      ).status,
    ).toBe(429);
    // Taylor, at home: her password works there, and her token anywhere.
    expect(
      (
        await from("192.0.2.50", "POST", "/CustomerAccount/byPhoneAndPassword", {
          login: TAYLOR,
          password: "salon-demo-1",
          adminId: salon.userId,
        })
      ).status,
    ).toBe(200);
    expect((await from("203.0.113.41", "GET", `/Customer/FetchByToken/${token}/${salon.userId}/${TAYLOR}`)).status).toBe(200);
  });
});

describe("12. a copy of the database hands out no live code or token", () => {
  it("a token is made once: ten logins at the same moment all get the one token, which books", async () => {
    const logins = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        from(`192.0.2.${i}`, "POST", "/CustomerAccount/byPhoneAndPassword", {
          login: TAYLOR,
          password: "salon-demo-1",
          adminId: salon.userId,
        }),
      ),
    );
    const tokens = new Set(
      await Promise.all(
        logins.map(async (r) => ((await r.json()) as { customerAccountIdentificationCode: string }).customerAccountIdentificationCode),
      ),
    );
    expect(tokens.size).toBe(1);
    const [token] = [...tokens];
    expect((await api.request(`/Customer/FetchByToken/${token}/${salon.userId}/${TAYLOR}`)).status).toBe(200);
  });

  it("stores codes as keyed digests and tokens and My Page codes sealed", async () => {
    await sendCode(salon, { phoneNumber: "2125550194" });
    const [sms] = await api.outbox("2125550194");
    const sha = createHash("sha256").update(sms!.code!).digest("hex");
    const codes = JSON.stringify(await api.db.query("SELECT * FROM one_time_codes WHERE recipient = '2125550194'"));
    expect(codes).not.toContain(sha);
    expect(codes).not.toContain(`"${sms!.code}"`);

    const token = await loginToken(api, salon, TAYLOR, "salon-demo-1");
    const [row] = await api.db.query<Record<string, unknown>>(
      "SELECT * FROM customer_accounts WHERE provider_id = $1 AND phone_number = $2",
      [salon.userId, TAYLOR],
    );
    expect(JSON.stringify(row)).not.toContain(token);
    expect(String(row!.token_sealed)).toMatch(/^v1\./);
    // A digest of the token made without the server's secret matches nothing.
    expect(row!.token_digest).not.toBe(createHash("sha256").update(token).digest("hex"));
    expect(row!.token_digest).not.toBe(serverKeys("another-secret-of-at-least-32-characters!").digest("customer-token", token));
  });
});
